/**
 * A record's photos: taken with the phone's camera (the back one) or chosen from its library,
 * both sent as the form's "photos[]"; at most 8 of at most 10 MB each, checked again on the server.
 */
export function PhotoInputs({ id, label, required = false }: { id: string; label: string; required?: boolean }) {
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-semibold">{label}</legend>
      <label className="block" htmlFor={`${id}-camera`}>
        Take photos
        <input
          id={`${id}-camera`}
          name="photos[]"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="mt-1 block w-full"
        />
      </label>
      <label className="block" htmlFor={`${id}-library`}>
        Or choose photos
        <input id={`${id}-library`} name="photos[]" type="file" accept="image/*" multiple className="mt-1 block w-full" />
      </label>
      <p className="text-ink-600">
        {required ? "At least 1, " : ""}up to 8 photos of up to 10 MB each. Their location and camera details are removed.
      </p>
    </fieldset>
  );
}
