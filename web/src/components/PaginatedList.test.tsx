import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaginatedList } from './PaginatedList';
import '../test/i18n';

const noop = () => undefined;

function render(items: string[], page: number, totalPages: number): string {
  return renderToStaticMarkup(
    <PaginatedList
      items={items}
      renderItem={(item) => <span>{item}</span>}
      page={page}
      totalPages={totalPages}
      onPageChange={noop}
    />,
  );
}

/** The two pager buttons' opening tags, Previous first. */
function buttons(html: string): string[] {
  return html.match(/<button[^>]*>/g) ?? [];
}

describe('PaginatedList', () => {
  it('shows the empty state and no pager when there are no items', () => {
    const html = render([], 1, 0);
    expect(html).toContain('No data available');
    expect(html).not.toContain('<button');
  });

  it('renders the items and "Page X of Y"', () => {
    const html = render(['alpha', 'beta'], 2, 3);
    expect(html).toContain('<span>alpha</span>');
    expect(html).toContain('<span>beta</span>');
    expect(html).toContain('Page 2 of 3');
    const [previous, next] = buttons(html);
    expect(previous).not.toContain('disabled');
    expect(next).not.toContain('disabled');
  });

  it('disables Previous on the first page and Next on the last', () => {
    const [firstPrevious, firstNext] = buttons(render(['a'], 1, 3));
    expect(firstPrevious).toContain('disabled');
    expect(firstNext).not.toContain('disabled');
    const [lastPrevious, lastNext] = buttons(render(['a'], 3, 3));
    expect(lastPrevious).not.toContain('disabled');
    expect(lastNext).toContain('disabled');
  });

  it('treats a single page as both first and last', () => {
    const html = render(['only'], 1, 1);
    expect(html).toContain('Page 1 of 1');
    expect(buttons(html).every((tag) => tag.includes('disabled'))).toBe(true);
  });
});
