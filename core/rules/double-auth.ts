// Spec §4: doubleAuth is 1 when verifications.OTPLogin is 'verified', else 0. The server's
// verifications.OTPLogin moves 'sent' -> 'verified' as the user enters the code for this login,
// so doubleAuth says whether this session has passed its second factor.

export type OtpLoginVerification = 'sent' | 'verified';

export interface DoubleAuthSource {
  verifications?: { OTPLogin?: OtpLoginVerification | (string & {}) | null } | null;
}

export function doubleAuth(userInfo: DoubleAuthSource): 0 | 1 {
  return userInfo.verifications?.OTPLogin === 'verified' ? 1 : 0;
}
