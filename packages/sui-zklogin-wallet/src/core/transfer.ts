/**
 * A SUI transfer the visitor asks for, as the machine takes it (`user.send`): a recipient
 * address and an amount in MIST. The form reads what the visitor typed into one
 * (transfer-input.ts, with the words for each mistake); the machine checks it again here
 * before anything is signed: the recipient is an address, the amount a positive whole
 * number of MIST within the known balance.
 */
export interface TransferRequest {
  /** The recipient's address, lower case, 0x and 64 hex digits. */
  recipient: string;
  /** In MIST, as a decimal string (context stays JSON: no bigint). */
  amount: string;
}

export interface TransferReceipt extends TransferRequest {
  digest: string;
  /** The gas the transfer paid, in MIST (computation and storage, less the storage rebate). */
  gasPaid?: string;
}

/** Whether the machine takes this transfer: a canonical address, and a positive amount within `balance` (MIST). */
export const acceptableTransfer = ({ recipient, amount }: TransferRequest, balance: string | null) =>
  /^0x[\da-f]{64}$/.test(recipient) && /^[1-9]\d*$/.test(amount) && balance !== null && BigInt(amount) <= BigInt(balance);
