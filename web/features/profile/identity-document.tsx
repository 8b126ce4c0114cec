// One identity document: what is stored (or the file just picked) and the picker.
import { FileTextIcon, ImageOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { acceptOf, MAX_ATTACHMENT_MB, sizeError } from '@/components/upload/file-checks';

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
  // Too large is said here, before anything is sent (decision 0466), as the purchase attachment does.
  const [tooBig, setTooBig] = useState<string | null>(null);
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
        onFiles={([f]) => {
          if (!f) return;
          const big = sizeError(f);
          setTooBig(big);
          if (!big) onPick(f);
        }}
      />
      <p className="text-xs text-muted-foreground">Tamaño máximo: {MAX_ATTACHMENT_MB} MB.</p>
      {(tooBig ?? error) && (
        <p role="alert" className="text-xs text-destructive">
          {tooBig ?? error}
        </p>
      )}
    </div>
  );
}
