import { useId, useRef, useState } from 'react';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type LogoContentType } from '@/contracts/reports.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useDeleteLogo } from '../api/delete-logo.ts';
import { LOGO_IMAGE_URL, useOrganizationLogo } from '../api/get-organization-logo.ts';
import { useUploadLogo } from '../api/upload-logo.ts';

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** The organisation's logo on its reports: shown to everyone, changed by an admin (the server decodes and checks it). */
export function LogoControl() {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { data } = useOrganizationLogo();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const logo = data?.logo ?? null;

  async function onFile(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return setError('The logo must be a PNG or JPEG image');
    if (file.size > LOGO_MAX_BYTES) return setError('The logo must be 500 KB or smaller');
    try {
      await upload.mutateAsync({ contentType: file.type as LogoContentType, dataBase64: await readAsBase64(file) });
      toast({ title: 'Logo saved', description: 'It appears on the presentation, the PDF and the deck.' });
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {logo ? <img src={`${LOGO_IMAGE_URL}?v=${encodeURIComponent(logo.updatedAt)}`} alt="Organisation logo" className="h-10 max-w-32 object-contain" /> : <span className="text-sm text-slate-700">No logo on the reports yet.</span>}
      {data?.canManage ? (
        <>
          <div className="flex flex-col">
            <Label htmlFor={inputId} className="text-sm">
              {logo ? 'Replace logo' : 'Add your logo'}
            </Label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/png,image/jpeg"
              aria-describedby={hintId}
              aria-invalid={error ? true : undefined}
              className="max-w-60 text-sm file:mr-2 file:rounded file:border file:border-slate-300 file:bg-slate-50 file:px-2 file:py-1"
              disabled={upload.isPending}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <span id={hintId} className="text-xs text-slate-700">
              PNG or JPEG, up to 500 KB.
            </span>
          </div>
          {logo ? (
            <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onError: (e) => setError(getErrorMessage(e)) })}>
              Remove logo
            </Button>
          ) : null}
        </>
      ) : (
        <span className="text-xs text-slate-700">An administrator of your organisation can change the logo.</span>
      )}
      {error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
