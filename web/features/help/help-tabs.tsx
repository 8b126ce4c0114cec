// The tabs of a help-centre screen, kept in ?tab= so a reload or a link lands on the same one.
// Switching tab drops the other tab's grid state (each tab holds at most one grid).
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsRow } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';

export type HelpTab = { value: string; label: string; content: ReactNode };

export function HelpTabs({ tabs }: { tabs: HelpTab[] }) {
  const [current, select] = useTabParam(
    tabs.map((t) => t.value),
    tabs[0]!.value,
  );
  if (tabs.length === 1) return <>{tabs[0]!.content}</>;
  return (
    <Tabs value={current} onValueChange={select}>
      <TabsRow tabs={tabs.map((t) => ({ key: t.value, label: t.label }))} />
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {t.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
