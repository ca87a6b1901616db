/** Plain-words explanations for the catalogue's less obvious labels. */
export const glossary = {
  sticker: "A badge from our editors for a model that stands out in its class.",
  liftPattern:
    "Radial lift swings the arms in an arc: strong at mid height, good for digging and pushing. " +
    "Vertical lift raises the bucket straight up: more reach at full height, good for loading trucks.",
  operatingCapacity:
    "Rated operating capacity: the load the machine carries safely. For wheeled skid steers it is usually 50 % " +
    "of the tipping load, for track loaders 35 %.",
} as const;
