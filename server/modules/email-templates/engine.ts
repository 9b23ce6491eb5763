import { Liquid } from 'liquidjs';
import type { FieldIssue } from '../../../contract/errors';
import { TEMPLATE_MAX, type RenderedEmail, type TemplateParts } from '../../../contract/email-templates';
import { AppError } from '../../lib/errors';

/** A template's values: words and figures already written in the reader's language. */
export type TemplateVars = Record<string, string | number | boolean | null>;

/**
 * Liquid, locked down: no file system (`templates` is an empty in-memory set, so include,
 * render and layout find nothing), only the event's variables (`strictVariables`), only
 * Liquid's own filters (`strictFilters`), no reach into prototypes (`ownPropertyOnly`), and
 * limits on size, time and memory so no template can hang or exhaust the server.
 */
const options = {
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  templates: {},
  parseLimit: TEMPLATE_MAX * 2,
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
} as const;
/** HTML escapes every value it outputs; subjects and plain text take them as they are. */
const htmlLiquid = new Liquid({ ...options, outputEscape: 'escape' });
const plainLiquid = new Liquid(options);

const PARTS = ['subject', 'html', 'text'] as const;

async function renderPart(part: (typeof PARTS)[number], source: string, vars: TemplateVars): Promise<string> {
  const out = String(await (part === 'html' ? htmlLiquid : plainLiquid).parseAndRender(source, vars));
  // A subject is one header line, whatever a value holds.
  return part === 'subject' ? out.replace(/[\r\n\t]+/g, ' ').trim() : out;
}

/** Each part rendered, or what keeps each from rendering (empty when all render). */
export async function tryRender(
  parts: TemplateParts,
  vars: TemplateVars,
): Promise<{ email: RenderedEmail | null; issues: FieldIssue[] }> {
  const email: Partial<RenderedEmail> = {};
  const issues: FieldIssue[] = [];
  for (const part of PARTS) {
    try {
      email[part] = await renderPart(part, parts[part], vars);
    } catch (err) {
      issues.push({ field: part, message: (err as Error).message.split('\n')[0]!.slice(0, 300) });
    }
  }
  if (issues.length === 0 && !email.subject) issues.push({ field: 'subject', message: 'The subject renders empty' });
  return { email: issues.length === 0 ? (email as RenderedEmail) : null, issues };
}

/** The three parts rendered; a part that does not render is a TEMPLATE_INVALID naming each failing part. */
export async function renderTemplate(parts: TemplateParts, vars: TemplateVars): Promise<RenderedEmail> {
  const { email, issues } = await tryRender(parts, vars);
  if (!email) throw new AppError('TEMPLATE_INVALID', undefined, issues);
  return email;
}
