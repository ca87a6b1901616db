"use client";

export default function VendorError() {
  return (
    <p role="alert" className="py-10 text-center text-danger-600">
      Error loading vendor details
    </p>
  );
}
