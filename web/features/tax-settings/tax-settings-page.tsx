// /app/configuracion/tributario (docs/invoicing.md): the tax settings, one tab per section. The
// sections are a list: another part of the tax settings (e.g. «Retención en la fuente») joins with
// one entry in TAX_SECTIONS, behind its own permission.
import { P } from '@shared/permissions';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { PageHeader } from '@/components/feedback/page-header';
import { Tabs, TabsContent, TabsRow } from '@/components/ui/tabs';
import { DocumentsCard } from '@/features/tax-settings/documents-card';
import { IssuerCard } from '@/features/tax-settings/issuer-card';
import { ResolutionsCard } from '@/features/tax-settings/resolutions-card';
import { WarningsList } from '@/features/tax-settings/warnings-list';
import { useSession } from '@/lib/session';

export type TaxSection = { key: string; title: string; permission: string; Component: ComponentType };

/** The sections of the screen, in tab order. */
export const TAX_SECTIONS: TaxSection[] = [
  { key: 'emisor', title: 'Emisor', permission: P.tributario, Component: IssuerCard },
  {
    key: 'resoluciones',
    title: 'Resoluciones de numeración',
    permission: P.tributario,
    Component: ResolutionsCard,
  },
  { key: 'documentos', title: 'Facturas y notas crédito', permission: P.facturas, Component: DocumentsCard },
  // More tax settings join here; «Retención en la fuente» has its own screen for now
  // (/app/configuracion/tributario/retencion, the same menu subgroup).
];

export default function TaxSettingsPage() {
  const { can } = useSession();
  const sections = TAX_SECTIONS.filter((s) => can(s.permission));
  const [tab, setTab] = useState(sections[0]?.key ?? '');
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Tributario"
        description="Datos del emisor de las facturas electrónicas, resoluciones de numeración de la DIAN y documentos emitidos."
      />
      <WarningsList />
      {sections.length === 0 ? (
        <EmptyState text="No tienes permisos para ninguna sección de esta pantalla." />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsRow
            aria-label="Secciones tributarias"
            className="flex-wrap"
            tabs={sections.map((s) => ({ key: s.key, label: s.title }))}
          />
          {sections.map((s) => (
            <TabsContent key={s.key} value={s.key}>
              <s.Component />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </section>
  );
}
