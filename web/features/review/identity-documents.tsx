// The three identity documents a member sent, as images (a PDF opens in a new tab).
import { IDENTITY_DOC_LABELS, IDENTITY_DOCS } from '@shared/schemas/profile';
import { ExternalLinkIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';

export type Documents = Partial<Record<(typeof IDENTITY_DOCS)[number], string | null>>;

function Doc({ label, url }: { label: string; url: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  return (
    <figure className="grid content-start gap-2">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border bg-muted">
        {url && !broken ? (
          <a href={url} target="_blank" rel="noreferrer" className="size-full">
            <img src={url} alt={label} className="size-full object-contain" onError={() => setBroken(true)} />
          </a>
        ) : url ? (
          <FileTextIcon aria-hidden className="size-10 text-muted-foreground" />
        ) : (
          <span className="text-sm text-muted-foreground">Sin documento</span>
        )}
      </div>
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        {label}
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
          >
            Abrir <ExternalLinkIcon aria-hidden className="size-3" />
          </a>
        )}
      </figcaption>
    </figure>
  );
}

export function IdentityDocuments({ documentos }: { documentos: Documents | null | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {IDENTITY_DOCS.map((d) => (
        <Doc key={d} label={IDENTITY_DOC_LABELS[d]} url={documentos?.[d]} />
      ))}
    </div>
  );
}
