import { redirect } from "next/navigation";
import { Notice } from "@/components/operator/notice";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { logInAction } from "@/lib/accounts/actions";
import { currentOperator } from "@/lib/auth/operator-session";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OperatorLogin({ searchParams }: Props) {
  if (await currentOperator()) redirect("/operator/leads");
  const { error, notice } = await searchParams;
  return (
    <div className="mx-auto max-w-sm py-8">
      <h1 className="text-2xl font-extrabold">Operator login</h1>
      <Notice notice={notice} error={error} />
      <form action={logInAction} className="mt-6 space-y-4">
        <label className="block text-sm font-semibold">
          Email
          <input name="email" type="email" autoComplete="username" required className={`${inputClass} mt-1 block w-full font-normal`} />
        </label>
        <label className="block text-sm font-semibold">
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={`${inputClass} mt-1 block w-full font-normal`}
          />
        </label>
        <Button type="submit" className="w-full">
          Log in
        </Button>
      </form>
    </div>
  );
}
