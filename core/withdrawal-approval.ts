// Maker-checker for large withdrawals: which withdrawal waits for two operators. A provider sets its
// threshold in EUR (the console's money area); a withdrawal in any asset is valued in EUR at the
// market's mid price when the member confirms it. Without a price the value is unknown, and an
// unknown value is held: a control that opens when the price feed fails is no control.

/** Thresholds are in this currency, whatever the withdrawal's asset. */
export const APPROVAL_CURRENCY = 'EUR';
/** EUR 10,000.00 in minor units: the default where a provider has not set its own. */
export const DEFAULT_APPROVAL_THRESHOLD_MINOR = 1_000_000n;

/** True when a withdrawal worth `valueMinor` EUR (null: no price) must wait for two operators. */
export function needsApproval(valueMinor: bigint | null, thresholdMinor: bigint): boolean {
  return valueMinor === null || valueMinor >= thresholdMinor;
}
