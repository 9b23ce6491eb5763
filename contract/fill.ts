/**
 * A message with values, written as its template: `fill('The minimum withdrawal is {{min}}',
 * { min: formatUsd(min) })`. The template (a whole literal) is the message's key in the web's
 * `messages` catalogue, which matches the filled English back to it (web/src/i18n/messages.ts).
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
