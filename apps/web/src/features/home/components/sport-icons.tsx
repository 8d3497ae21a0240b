/** Sport glyphs the icon set lacks; they follow `currentColor` and 1em sizing like the others. */
export function FootballIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden
    >
      <circle cx="12" cy="12" r="9.2" />
      <path d="M12 7.2l4 2.9-1.5 4.7h-5L8 10.1z" fill="currentColor" fillOpacity="0.25" />
      <path d="M12 2.8v4.4M16 10.1l4.4-1.4M14.5 14.8l2.7 3.7M9.5 14.8l-2.7 3.7M8 10.1L3.6 8.7" />
    </svg>
  );
}

export function BasketballIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden
    >
      <circle cx="12" cy="12" r="9.2" />
      <path d="M2.8 12h18.4M12 2.8v18.4M5.5 5.5c3 2.2 3 10.8 0 13M18.5 5.5c-3 2.2-3 10.8 0 13" />
    </svg>
  );
}
