/** An unknown model answers 404 with the spec's text. */
export default function EquipmentNotFound() {
  return (
    <p role="alert" className="py-10 text-center">
      Equipment not found
    </p>
  );
}
