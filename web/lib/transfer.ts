// Multipart upload with progress and file download (docs/product-spec.md §7).
import { MSG } from '@shared/messages';
import { toast } from 'sonner';
import {
  ApiError,
  apiUrl,
  baseHeaders,
  handleUnauthorized,
  parseBody,
  REQUEST_ID_HEADER,
  toQuery,
} from '@/lib/api';
import { IDEMPOTENCY_HEADER, newIdempotencyKey, withRetries } from '@/lib/idempotent-fetch';

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends FormData with XMLHttpRequest because fetch cannot report upload progress. Like every write
 * (lib/idempotent-fetch.ts) it carries one Idempotency-Key and is re-sent with it after a network
 * failure.
 */
export function upload<T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const key = newIdempotencyKey();
  return withRetries(() => sendForm<T>(path, form, key, options), { signal: options.signal }).catch(
    (err: unknown) => {
      throw err instanceof TypeError ? new ApiError(0, '', { message: MSG.requestError }) : err;
    },
  );
}

/** A network failure rejects with a TypeError (the one failure retried); a reply, with an ApiError. */
function sendForm<T>(path: string, form: FormData, key: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', apiUrl(path));
    for (const [name, value] of Object.entries(baseHeaders)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, key);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = async () => {
      const body = await parseBody(new Response(xhr.responseText || null));
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve((xhr.status === 204 ? undefined : body) as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized();
      reject(new ApiError(xhr.status, xhr.statusText, body, xhr.getResponseHeader(REQUEST_ID_HEADER)));
    };
    xhr.onerror = () => reject(new TypeError(MSG.requestError));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function fileNameFrom(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** Downloads a file (Excel exports, attachments) and saves it; failures show the spec's toast. */
export async function download(
  path: string,
  params?: Record<string, unknown>,
  fallbackName = 'archivo',
): Promise<boolean> {
  try {
    const res = await fetch(apiUrl(path) + toQuery(params), {
      credentials: 'same-origin',
      headers: { ...baseHeaders },
    });
    if (res.status === 401) handleUnauthorized();
    if (!res.ok)
      throw new ApiError(
        res.status,
        res.statusText,
        await parseBody(res),
        res.headers.get(REQUEST_ID_HEADER),
      );
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileNameFrom(res, fallbackName);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return true;
  } catch (err) {
    console.error(err);
    toast.error(MSG.downloadError);
    return false;
  }
}
