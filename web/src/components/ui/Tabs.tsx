import type { LucideIcon } from 'lucide-react';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export interface Tab<V extends string> {
  value: V;
  label: string;
  icon?: LucideIcon;
  content: ReactNode;
}

/** Tabs (Radix: arrow keys, roles and labels), as on the money screens. `V` keeps tab values typed. */
export function Tabs<V extends string>({
  tabs,
  value,
  onValueChange,
  label,
  compact = false,
}: {
  tabs: Tab<V>[];
  value: V;
  onValueChange: (value: V) => void;
  label: string;
  /** Tabs as wide as their labels instead of the full width. */
  compact?: boolean;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onValueChange(v as V)} className="flex flex-col gap-4">
      <RadixTabs.List
        aria-label={label}
        className={`flex rounded-lg border border-line p-0.5 ${compact ? 'sm:self-start' : ''}`}
      >
        {tabs.map(({ value: v, label: text, icon: Icon }) => (
          <RadixTabs.Trigger
            key={v}
            value={v}
            className="flex flex-1 items-center whitespace-nowrap justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted hover:text-fg data-[state=active]:bg-accent-bg data-[state=active]:text-accent-fg"
          >
            {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
            {text}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
