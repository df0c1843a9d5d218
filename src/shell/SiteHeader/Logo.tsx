/** The firm's mark: rising bars on a navy tile. Decorative; the firm's name sits beside it. */
export function Logo() {
  return (
    <svg className="logo" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#0b3d5c" />
      <rect x="9" y="22" width="5" height="10" rx="1.5" fill="#8fd0ce" />
      <rect x="17.5" y="16" width="5" height="16" rx="1.5" fill="#8fd0ce" />
      <rect x="26" y="9" width="5" height="23" rx="1.5" fill="#e0a526" />
    </svg>
  );
}
