/** Digits only, at most `max` of them. */
export function digitsOf(value: string, max: number): string {
  return value.replace(/\D/g, "").slice(0, max);
}

/** "4242424242424242" -> "4242 4242 4242 4242", as a card reads. */
export function formatCardNumber(value: string): string {
  return digitsOf(value, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1" -> "1", "12" -> "12 / " while typing forward, "1230" -> "12 / 30". */
export function formatExpiry(value: string, previous = ""): string {
  const digits = digitsOf(value, 4);
  // Deleting the separator must not put it straight back.
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** True when "MM / YY" names this month or a later one. */
export function isExpiryValid(value: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
