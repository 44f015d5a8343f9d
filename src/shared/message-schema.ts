// The body of POST /api/listings/:id/conversations and POST /api/conversations/:id/messages.
import { z } from 'zod'
import { messageBodyProblem } from './conversation.js'

export const messageSchema = z.object({
  body: z
    .string()
    .trim()
    .superRefine((body, context) => {
      const problem = messageBodyProblem(body)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A client id is 8 to 64 letters, digits, - or _')
    .optional(),
})

export type MessageBody = z.infer<typeof messageSchema>
