// /app/miscompras: the catalogue, the member's purchases and subscriptions.
import { PageHeader } from '@/components/feedback/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CatalogTab } from '@/features/shop/catalog-tab';
import { PurchasesTab } from '@/features/shop/purchases-tab';
import { SubscriptionsTab } from '@/features/shop/subscriptions-tab';
import { useTabParam } from '@/lib/use-tab-param';

const TABS = ['catalogo', 'compras', 'suscripciones'] as const;

export default function ShopPage() {
  // Each tab keeps its own grid state; switching tabs starts the other one clean.
  const [tab, select] = useTabParam(TABS, 'catalogo');
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
