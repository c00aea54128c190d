/**
 * What makes a choice of channels impossible (issue 22), applied by the server when it saves
 * them and by the SPA before it sends: none at all, or SMS to a number not yet proved.
 */
export type PreferencesProblem = 'noChannel' | 'phoneNotVerified';

export function preferencesProblem(
  wanted: { email: boolean; sms: boolean },
  phoneVerified: boolean,
): PreferencesProblem | null {
  if (!wanted.email && !wanted.sms) return 'noChannel';
  if (wanted.sms && !phoneVerified) return 'phoneNotVerified';
  return null;
}
