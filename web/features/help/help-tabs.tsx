// The tabs of a help-centre screen, kept in ?tab= so a reload or a link lands on the same one.
// Switching tab drops the other tab's grid state (each tab holds at most one grid).
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type HelpTab = { value: string; label: string; content: ReactNode };

export function HelpTabs({ tabs }: { tabs: HelpTab[] }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.value;
  const raw = params.get('tab');
  const current = tabs.some((t) => t.value === raw) ? raw! : first;
  const select = (next: string) => setParams(next === first ? {} : { tab: next }, { replace: true });
  if (tabs.length === 1) return <>{tabs[0]!.content}</>;
  return (
    <Tabs value={current} onValueChange={select}>
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {t.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Moves to another tab from inside one (e.g. to the member's list after sending). */
export function useGoToTab() {
  const [, setParams] = useSearchParams();
  return (tab: string) => setParams({ tab }, { replace: true });
}
