// One identity document: what is stored (or the file just picked) and the picker.
import { FileTextIcon, ImageOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { acceptOf } from '@/components/upload/file-checks';

export const IDENTITY_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const;

type Props = {
  label: string;
  storedUrl: string | null;
  picked: File | null;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
};

function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || file.type === 'application/pdf') return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function IdentityDocument({ label, storedUrl, picked, error, disabled, onPick }: Props) {
  const preview = usePreviewUrl(picked);
  const [broken, setBroken] = useState(false);
  const src = preview ?? (picked ? null : storedUrl);
  return (
    <div className="grid content-start gap-3 rounded-lg border p-4">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md bg-muted">
        {src && !broken ? (
          <img
            src={src}
            alt={`Vista previa: ${label}`}
            className="size-full object-contain"
            onError={() => setBroken(true)}
          />
        ) : picked || storedUrl ? (
          <FileTextIcon aria-hidden className="size-10 text-muted-foreground" />
        ) : (
          <ImageOffIcon aria-hidden className="size-10 text-muted-foreground" />
        )}
      </div>
      <p className="truncate text-xs text-muted-foreground">
        {picked ? (
          `Nuevo: ${picked.name}`
        ) : storedUrl ? (
          <a
            href={storedUrl}
            target="_blank"
            rel="noreferrer"
            className="text-primary underline-offset-4 hover:underline"
          >
            Ver documento enviado
          </a>
        ) : (
          'Sin documento'
        )}
      </p>
      <FilePickButton
        label={label}
        accept={acceptOf(IDENTITY_TYPES)}
        disabled={disabled}
        onFiles={([f]) => f && onPick(f)}
      />
      {error && <p className="text-xs text-destructive">{error}</p>}
    </div>
  );
}
