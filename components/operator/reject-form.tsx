import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";

/** A console form that rejects a record with a reason, which the action records in the audit log. */
export function RejectForm({ action, fields }: { action: (form: FormData) => Promise<void>; fields: Record<string, string | number> }) {
  return (
    <form action={action} className="flex flex-wrap items-end gap-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="font-semibold">
        Reason
        <input name="reason" maxLength={500} className={`${inputClass} mt-1 block w-64 max-w-full font-normal`} />
      </label>
      <Button type="submit" size="sm" variant="outline">
        Reject
      </Button>
    </form>
  );
}
