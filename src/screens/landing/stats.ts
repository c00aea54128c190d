/** The landing page's statistics (spec section 1). */
export const LANDING_STATS = {
  housesTransferred: 350_000,
  governmentHouses: 153_000,
  volunteerHouses: 20_000,
} as const;
