import { describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/messages';

describe('common passwords', () => {
  it('refuses passwords on the lists once they are loaded, with the server message at the field', async () => {
    // Fresh modules: another test file of this worker may have loaded the lists already.
    vi.resetModules();
    const { isTooGuessable, loadCommonPasswords } = await import('@/lib/common-passwords');
    const { newPasswordSchema } = await import('./schemas');
    expect(isTooGuessable('Password1')).toBe(false); // not loaded yet: the server decides
    await loadCommonPasswords();
    for (const common of ['Password1', 'Qwerty123', 'P@ssw0rd', 'Abcd1234']) {
      expect(isTooGuessable(common)).toBe(true);
    }
    for (const fine of ['Customer-Pass1', 'Harbour-Crane7', 'Str0ng-Secret!']) {
      expect(isTooGuessable(fine)).toBe(false);
    }
    // English words are the server's lists only (decision 3817): it refuses this one with the same message.
    expect(isTooGuessable('Constitution1')).toBe(false);
    const parsed = newPasswordSchema.safeParse({ newPassword: 'Qwerty123', confirmNewPassword: 'Qwerty123' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['newPassword', message('accounts.password.common')],
    ]);
  });
});
