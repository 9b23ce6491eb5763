import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column, type DataTableProps } from './DataTable';
import '../test/i18n';

interface Coin {
  id: number;
  name: string;
  price: number;
  state: string;
}

const coins: Coin[] = [
  { id: 1, name: 'Bitcoin', price: 64000, state: 'up' },
  { id: 2, name: 'Litecoin', price: 80, state: 'down' },
];

const columns: Column<Coin>[] = [
  { label: 'Coin', cell: (c) => <strong className="coin">{c.name}</strong>, card: 'title' },
  { label: 'Price', numeric: true, cell: (c) => `$${c.price}`, className: 'font-medium', testId: 'coin-price' },
  { label: 'Trend', cell: (c) => c.state, card: 'badge', cardCell: (c) => <em>{c.state.toUpperCase()}</em> },
  { label: 'Note', cell: () => 'in the table only', card: 'none' },
  { label: 'Extra', cell: () => 'on the card only', card: 'only' },
  { label: 'Actions', hidden: true, cell: (c) => <button type="button">Sell {c.name}</button>, card: 'actions' },
];

const render = (props: Partial<DataTableProps<Coin>> = {}) =>
  renderToStaticMarkup(
    <DataTable
      rows={coins}
      columns={columns}
      rowKey={(c) => c.id}
      caption="Coins"
      emptyText="No coins yet."
      minWidth="min-w-[640px]"
      testId="coin-table"
      rowTestId="coin-row"
      cardTestId="coin-item"
      rowData={(c) => ({ 'data-coin': c.name })}
      cardReference={(c) => String(c.id)}
      {...props}
    />,
  );

/** The markup between an opening tag that contains `marker` and the end of its element (no nesting of the same tag). */
function element(html: string, tag: string, marker: string): string {
  const start = html.lastIndexOf(`<${tag}`, html.indexOf(marker));
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('DataTable on an admin page', () => {
  it('renders the wide table from lg up: caption, headings, one row per item with its test id and data', () => {
    const html = render();
    const frame = element(html, 'div', 'data-testid="coin-table"');
    expect(frame).toContain('hidden');
    expect(frame).toContain('lg:block');
    expect(html).toContain('<caption class="sr-only">Coins</caption>');
    expect(html).toContain('class="w-full text-left text-sm min-w-[640px]"');
    expect(count(html, '<th scope="col"')).toBe(5);
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(count(html, 'data-testid="coin-row"')).toBe(2);
    expect(html).toContain('<tr data-testid="coin-row" data-coin="Bitcoin">');
    expect(html).toContain('<td class="px-3 py-3 text-right font-medium" data-testid="coin-price">$64000</td>');
    expect(html).toContain('<td class="px-3 py-3">in the table only</td>');
    expect(element(html, 'table', '<caption')).not.toContain('Extra');
  });

  it('renders one card per item below lg: title, badge, the other columns as fields, actions last', () => {
    const html = render();
    const list = element(html, 'ul', 'aria-label="Coins"');
    expect(list).toContain('lg:hidden');
    expect(count(list, 'data-testid="coin-item"')).toBe(2);
    const card = element(list, 'li', 'data-reference="2"');
    expect(card).toContain('<strong class="coin">Litecoin</strong>');
    // The badge's own card cell, not the table's.
    expect(card).toContain('<em>DOWN</em>');
    expect(card).toContain('<dt class="text-muted">Price</dt><dd class="min-w-0 text-right break-words">$80</dd>');
    expect(card).not.toContain('Trend');
    expect(card).not.toContain('in the table only');
    expect(card).toContain(
      '<dt class="text-muted">Extra</dt><dd class="min-w-0 text-right break-words">on the card only</dd>',
    );
    expect(card).toContain('<div class="border-t border-line pt-3"><button type="button">Sell Litecoin</button></div>');
  });

  it('uses a custom narrow item in place of the card when given one', () => {
    const html = render({
      narrowRow: (c) => (
        <p className="custom">
          {c.name} at {c.price}
        </p>
      ),
    });
    const list = element(html, 'ul', 'aria-label="Coins"');
    expect(list).toContain('<p class="custom">Bitcoin at 64000</p>');
    expect(list).not.toContain('<dl');
    expect(count(list, 'data-testid="coin-item"')).toBe(2);
  });

  it('marks clickable rows and leaves no card without actions', () => {
    const html = render({ onRowClick: () => undefined, columns: columns.slice(0, 3) });
    expect(count(html, 'class="cursor-pointer hover:bg-surface-2"')).toBe(2);
    expect(html).not.toContain('border-t border-line pt-3');
  });

  it('shows the empty text and no table when there are no rows', () => {
    const html = render({ rows: [] });
    expect(html).toContain('No coins yet.');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('<ul');
  });
});

describe('DataTable in a section (a user history)', () => {
  const section = (props: Partial<DataTableProps<Coin>> = {}) =>
    render({
      layout: 'section',
      minWidth: undefined,
      testId: 'coin-history',
      columns: [
        { label: 'Coin', cell: (c) => c.name },
        { label: 'Trend', cell: (c) => c.state, from: 'md' },
        { label: 'Price', numeric: true, cell: (c) => `$${c.price}` },
      ],
      ...props,
    });

  it('drops columns by width and keeps the table at every width without a narrow item', () => {
    const html = section();
    expect(html).toContain('<div class="flex flex-col gap-4" data-testid="coin-history">');
    expect(html).not.toContain('max-sm:hidden');
    expect(html).not.toContain('<ul');
    expect(html).toContain(
      '<th scope="col" class="px-3 py-2 font-semibold whitespace-nowrap first:pl-5 last:pr-5 hidden md:table-cell">Trend</th>',
    );
    expect(html).toContain('<td class="px-3 py-2.5 align-middle first:pl-5 last:pr-5 hidden md:table-cell">up</td>');
    expect(html).toContain('<td class="px-3 py-2.5 align-middle first:pl-5 last:pr-5 text-right">$80</td>');
  });

  it('shows the narrow items below sm, dims a stale page and adds the pager past one page', () => {
    const html = section({
      narrowRow: (c) => <span className="stacked">{c.name}</span>,
      stale: true,
      pager: { page: 1, totalPages: 2, onPageChange: () => undefined },
    });
    const list = element(html, 'ul', 'aria-label="Coins"');
    expect(list).toContain('sm:hidden');
    expect(list).toContain('opacity-60');
    expect(list).toContain('aria-busy="true"');
    expect(count(list, '<span class="stacked">')).toBe(2);
    expect(html).toContain('max-sm:hidden');
    expect(html).toContain('Page 1 of 2');
    expect(section({ pager: { page: 1, totalPages: 1, onPageChange: () => undefined } })).not.toContain('Page 1');
  });

  it('puts its test id on the empty text', () => {
    expect(section({ rows: [] })).toContain('data-testid="coin-history">No coins yet.</p>');
  });
});
