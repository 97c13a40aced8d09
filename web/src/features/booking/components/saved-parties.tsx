import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { addressBookOptions, partiesFor, useSaveParty } from '../api/address-book-api';
import type { RoleHint, SavedParty } from '../api/address-book-api';
import styles from './booking.module.css';
import { useSeparator } from '@/components/ui/separator/separator';

/** A party's fields as the order's dialogs name them. */
export interface TypedParty {
  fullName: string;
  mobileNumber: string;
  fullAddress: string;
}

/** What a saved party fills in an order's party fields (its phone only when it has one). */
export function filledFrom(party: SavedParty): Partial<TypedParty> {
  return {
    fullName: party.name,
    fullAddress: party.address,
    ...(party.phoneNumber ? { mobileNumber: party.phoneNumber } : {}),
  };
}

/**
 * The address book beside one party's fields: choose a saved party to fill them (those saved as this role first),
 * or save what is typed there for next time.
 */
export function SavedParties({
  role,
  typed,
  onChoose,
  disabled = false,
}: {
  role: RoleHint;
  typed: () => TypedParty;
  onChoose: (filled: Partial<TypedParty>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('booking');
  const separator = useSeparator();
  const label = t(`savedParties.roles.${role}`);
  const id = useId();
  const book = useQuery(addressBookOptions());
  const save = useSaveParty();
  const parties = partiesFor(book.data ?? [], role);
  const saveTyped = async () => {
    const party = typed();
    try {
      await save.mutateAsync({
        name: party.fullName,
        address: party.fullAddress,
        phoneNumber: party.mobileNumber || null,
        roles: [role],
      });
      toast.success(t('savedParties.saved', { name: party.fullName.trim() }));
    } catch (error) {
      toast.failure(error);
    }
  };
  return (
    <div className={styles.savedParties} role="group" aria-label={t('savedParties.group', { label })}>
      <label className={styles.label} htmlFor={id}>
        {t('savedParties.saved_label', { label })}
      </label>
      <div className={styles.row}>
        <select
          id={id}
          className={styles.savedSelect}
          value=""
          disabled={disabled || parties.length === 0}
          onChange={(e) => {
            const chosen = parties.find((p) => p.id === e.target.value);
            if (chosen) onChoose(filledFrom(chosen));
          }}
        >
          <option value="">{parties.length === 0 ? t('savedParties.none') : t('savedParties.choose')}</option>
          {parties.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {separator}
              {p.address.length > 40 ? `${p.address.slice(0, 40)}…` : p.address}
            </option>
          ))}
        </select>
        <Button variant="outline" onClick={saveTyped} loading={save.isPending} disabled={disabled}>
          {t('savedParties.save')}
        </Button>
      </div>
    </div>
  );
}
