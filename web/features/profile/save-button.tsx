import { SaveIcon } from 'lucide-react';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';

export function SaveButton({ saving, label = 'Guardar' }: { saving: boolean; label?: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner /> : <SaveIcon />}
        {label}
      </Button>
    </div>
  );
}
