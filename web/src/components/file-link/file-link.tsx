import type { ReactNode } from 'react';
import { bearerOfThisTab } from '@/lib/api-client';

export const FILE_PATH = '/file-manager/api/v1/files';

/**
 * A link to a stored file (MSDS, signed LOI). Files need the bearer token, which a plain link cannot send,
 * so a click fetches the file and opens it from a blob; the href still names the file for copy and hover.
 */
export function FileLink({ fileId, children }: { fileId: string; children: ReactNode }) {
  const href = `${FILE_PATH}/${encodeURIComponent(fileId)}`;
  const open = async () => {
    const res = await fetch(href, { headers: bearerOfThisTab() });
    if (!res.ok) return;
    const url = URL.createObjectURL(await res.blob());
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        void open();
      }}
    >
      {children}
    </a>
  );
}
