// A coin's icon beside its written name (decorative: alt="" and hidden from readers, who hear the name).
// The icon package's own drawing where it has one; otherwise a neutral coin mark, never invented letters.
export function MarketCoinIcon({ icon, size = 32 }: { icon: string | null; size?: number }) {
  if (icon) return <img className="market-icon" src={icon} alt="" aria-hidden="true" width={size} height={size} decoding="async" />;
  return (
    <svg className="market-icon market-icon--placeholder" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" />
      <circle cx="16" cy="16" r="9.5" />
    </svg>
  );
}
