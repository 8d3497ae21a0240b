// Written by `npm run secrets:published -w @app/server` (src/cli/published-secrets.ts); do not edit.
// SHA-256 of every value in this repository that would otherwise pass as a production secret.
export const PUBLISHED_SECRET_DIGESTS: ReadonlySet<string> = new Set([
  '0938d7a11f178f340e33673f4a7268b2f048c047973948fe3d3f022cb7be6a65',
  '282dd0477be66d292ec2e222ac984df4fb7535f9435d1aee35796fd4c205921a',
  '350b94076887082115a563eb3d30dff0ad47b727890654f0aa4f76ca55ef9061',
  '3d2287e68a3bf287e82c212b652b1793bee8d9cb76c3fd5fb1d655fe62912894',
  '4ecc88b9109312f096bba165fa7272e25efce6e46cafa5b6721edd35154f1ad8',
  '59590d96a008d695b246ff83f2afef9ca062331f078f75eea254f7ad8fe2f5cf',
  '609cca967ec02f1ce61c3f35dff34752157d30ad0f1c3cb1ffb406e9d3dc2eaf',
  '72cf75f6ffbebe07f71523271916703471c005d39c2630cd63da31b929b6d21f',
  '96594cd8efdafca6df8cfc13536e54ed996b26095ea4ccd120ee323c691c5252',
  '9a2324cf4107feb6b8f8098cd4264c5594d98131aad682b1fba45c5b61dc45ed',
  'a85c30f435119d30b1720727bbf0fcc5b6bf87141d2aff49a22a841914d3423b',
  'cd372fb85148700fa88095e3492d3f9f5beb43e555e5ff26d95f5a6adc36f8e6',
  'd010b72d53b9df82eb7f283848540d6ecda9073106e2d8ef5b90252564e0ab98',
  'db4bfcbd4da0cd85a60c3c37d3fbd8805c77f15fc6b1fdfe614ee0a7c8fdb4c0',
  'dfe7a23fefeea519e9bbfdd1a6be94c4b2e4529dd6b7cbea83f9959c2621b13c',
]);
