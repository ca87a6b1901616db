import { NextResponse, type NextRequest } from "next/server";
import { checkDelivery } from "@/lib/maps/delivery";

const STATUS = { "zip-invalid": 400, "zip-unknown": 404, "listing-unknown": 404 } as const;

/** GET /api/delivers?vendor=…&zip=…: whether a listing delivers to a ZIP code, or why no answer ({ code }). */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const found = await checkDelivery({ vendor: params.get("vendor"), zip: params.get("zip") });
  return NextResponse.json(found, {
    status: "code" in found ? STATUS[found.code] : 200,
    headers: { "Cache-Control": "no-store" },
  });
}
