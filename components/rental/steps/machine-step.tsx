"use client";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { SkidSteerType } from "@/lib/requests/schema";

const typeOptions: Array<{ value: SkidSteerType; label: string }> = [
  { value: "wheeled", label: "Wheeled Skid Steer" },
  { value: "tracked", label: "Tracked Skid Steer" },
];

/** Step 1: the machine. A draft that could not start says why here, and the choice waits. */
export function MachineStep({
  chosen,
  startError,
  onChoose,
}: {
  chosen: SkidSteerType | null;
  startError: string | null;
  onChoose: (type: SkidSteerType) => void;
}) {
  // The option just tapped, shown pressed within the tap while the next step follows.
  const [tapped, setTapped] = useState<SkidSteerType | null>(null);
  const pressed = tapped ?? chosen;
  return (
    <fieldset>
      <Dialog.Title asChild>
        <legend className="text-xl font-bold">What type of Skid Steer do you need?</legend>
      </Dialog.Title>
      {startError && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {startError}
        </p>
      )}
      <div className="mt-4 grid gap-3">
        {typeOptions.map((option) => (
          <Button
            key={option.value}
            variant="outline"
            size="lg"
            disabled={startError !== null}
            aria-pressed={pressed === option.value}
            onClick={() => {
              setTapped(option.value);
              onChoose(option.value);
            }}
          >
            {option.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
