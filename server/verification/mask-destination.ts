// The answer to "where did my code go?" without handing a full address to whoever holds the
// session: enough to recognise one's own inbox or phone, not enough to harvest it.

export function maskDestination(to: string): string {
  const at = to.lastIndexOf('@');
  if (at > 0) return `${to.slice(0, 1)}•••@${to.slice(at + 1)}`;
  const digits = to.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}
