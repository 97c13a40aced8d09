import type { ComponentPropsWithoutRef, CSSProperties } from 'react';

const BASE: CSSProperties = {
  marginLeft: '0.4rem',
  padding: '0 0.35rem',
  borderRadius: 6,
  fontSize: '0.75em',
  fontWeight: 600,
  whiteSpace: 'nowrap',
};

const TONES = {
  /** A plain fact about the row (how it came in). */
  neutral: { border: '1px solid #5b6b86', color: '#34405a' },
  /** Something staff should look at. */
  warning: { border: '1px solid #9a3412', color: '#7c2d12', background: '#fff7ed' },
} satisfies Record<string, CSSProperties>;

export interface BadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'style'> {
  tone: keyof typeof TONES;
}

/** A small mark beside a row's title. */
export function Badge({ tone, ...rest }: BadgeProps) {
  return <span {...rest} style={{ ...BASE, ...TONES[tone] }} />;
}
