// /app/miscompras (issue 5 §1, §3, §5): the catalogue, the member's purchases and subscriptions.
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CatalogTab } from '@/features/shop/catalog-tab';
import { PurchasesTab } from '@/features/shop/purchases-tab';
import { SubscriptionsTab } from '@/features/shop/subscriptions-tab';

const TABS = ['catalogo', 'compras', 'suscripciones'] as const;
type Tab = (typeof TABS)[number];

export default function ShopPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'catalogo';
  // Each tab keeps its own grid state; switching tabs starts the other one clean.
  const select = (next: string) => setParams(next === 'catalogo' ? {} : { tab: next }, { replace: true });
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mis compras"
        description="Compra productos y suscripciones, paga por transferencia y adjunta el comprobante."
      />
      <Tabs value={tab} onValueChange={select}>
        <TabsList>
          <TabsTrigger value="catalogo">Catálogo</TabsTrigger>
          <TabsTrigger value="compras">Mis compras</TabsTrigger>
          <TabsTrigger value="suscripciones">Mis suscripciones</TabsTrigger>
        </TabsList>
        <TabsContent value="catalogo">
          <CatalogTab />
        </TabsContent>
        <TabsContent value="compras">
          <PurchasesTab />
        </TabsContent>
        <TabsContent value="suscripciones">
          <SubscriptionsTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
