import { redirect, RedirectType } from "next/navigation";

export default function Home() {
  redirect("/us", RedirectType.replace);
}
