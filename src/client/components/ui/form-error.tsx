/** A dialog form's refusal from the server, read out when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm wrap-anywhere text-red-900">
      {message}
    </p>
  );
}
