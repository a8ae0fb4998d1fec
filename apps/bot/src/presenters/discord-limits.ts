// Discord's message limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
// Lengths are measured in UTF-16 code units, which never undercounts what Discord counts.
export const DISCORD_LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  customId: 100,
  modalTitle: 45,
  labelText: 45,
  labelDescription: 100,
  textInputPlaceholder: 100,
  textInputValue: 4000,
} as const;
