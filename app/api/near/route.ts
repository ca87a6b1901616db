import { NextResponse, type NextRequest } from "next/server";
import { zipNear } from "@/lib/maps/near";

/** GET /api/near?lat=…&lng=…: the ZIP code nearest a position, or why none ({ code }). */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const found = await zipNear({ lat: params.get("lat"), lng: params.get("lng") });
  return NextResponse.json(found, {
    status: "zip" in found ? 200 : found.code === "position-invalid" ? 400 : 404,
    headers: { "Cache-Control": "no-store" },
  });
}
