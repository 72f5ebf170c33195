/**
 * What the wallet's dialog says about what a transaction does beyond coins: each of its
 * commands (transaction-commands.ts) and each object the dry run says leaves the account.
 * Pure, as words and the ids or names to show as code, so that the dialog only lays them out.
 *
 * Move names keep a system package short (`0x2::coin::Coin<0x2::sui::SUI>`): ids that
 * small are reserved for the framework, so nobody else's package can look like one. Any
 * other package is written in full, since a look-alike with the same first and last
 * digits can be made; an object's id, which only tells objects apart, is shortened.
 */
import { formatSui } from '../core/sui-amount.ts';
import type { TransactionPreview } from '../core/sign-in.types.ts';
import type { CommandArgument, TransactionCommand } from './transaction-commands.ts';

/** A sentence's parts: text, and what is shown as code (an address, a Move name). */
export type Words = (string | { code: string })[];

/** An object the dry run says leaves this account. */
export type ObjectOut = Extract<TransactionPreview, { status: 'ok' }>['objectsOut'][number];

/** At most this many significant hex digits: a system address (0x1, 0x2, 0x3, 0xdee9), written short. */
const SYSTEM_DIGITS = 4;

/** `0x000…02` → `0x2` when it is a system address; otherwise as given, in full. */
function packageName(address: string): string {
  const digits = address.toLowerCase().replace(/^0x/, '').replace(/^0+/, '') || '0';
  return digits.length <= SYSTEM_DIGITS ? `0x${digits}` : address.toLowerCase();
}

/** A Move type or function with every system address in it short: `0x2::coin::Coin<0x2::sui::SUI>`. */
export const moveName = (name: string) => name.replace(/0x[0-9a-fA-F]{1,64}/g, packageName);

/** An object's id, its middle left out: `0x5f1c…9a3e` (a system object's in full: `0x6`). */
export function objectId(id: string): string {
  const short = packageName(id);
  return short.length <= 2 + SYSTEM_DIGITS ? short : `${short.slice(0, 6)}…${short.slice(-4)}`;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function argumentWords(argument: CommandArgument): Words {
  switch (argument.kind) {
    case 'gas':
      return ['your SUI gas coin'];
    case 'object':
      return [{ code: objectId(argument.objectId) }];
    case 'result':
      return [
        argument.index === null
          ? `the result of command ${argument.command}`
          : `result ${argument.index} of command ${argument.command}`,
      ];
    case 'pure':
      return ['a value'];
    case 'unreadable':
      return ['something this wallet cannot read'];
  }
}

/** Words joined with ", " (and "and" before the last). */
function listed(items: Words[]): Words {
  return items.flatMap((item, index) => [index === 0 ? '' : index === items.length - 1 ? ' and ' : ', ', ...item]);
}

/** What one command does, as a sentence. */
export function commandWords(command: TransactionCommand): Words {
  switch (command.kind) {
    case 'MoveCall': {
      const types = command.typeArguments.length > 0 ? `<${command.typeArguments.map(moveName).join(', ')}>` : '';
      const target = `${packageName(command.package)}::${command.module}::${command.function}${types}`;
      return ['Call ', { code: target }];
    }
    case 'TransferObjects':
      return [
        `Transfer ${count(command.objects.length, 'object')} (`,
        ...listed(command.objects.map(argumentWords)),
        ') to ',
        ...(command.recipient ? [{ code: command.recipient }] : ['an address the transaction computes']),
      ];
    case 'SplitCoins': {
      const fromGas = command.coin.kind === 'gas';
      const amounts = command.amounts.map((amount) =>
        amount === null
          ? 'an amount the transaction computes'
          : fromGas
            ? `${formatSui(amount)} SUI`
            : `${amount} (smallest unit)`,
      );
      return [`Split ${count(amounts.length, 'new coin')} off `, ...argumentWords(command.coin), `: ${amounts.join(', ')}`];
    }
    case 'MergeCoins':
      return [
        `Merge ${count(command.sources.length, 'coin')} (`,
        ...listed(command.sources.map(argumentWords)),
        ') into ',
        ...argumentWords(command.destination),
      ];
    case 'Publish':
      return [`Publish a new Move package of ${count(command.modules, 'module')}`];
    case 'Upgrade':
      return ['Upgrade the Move package ', { code: packageName(command.package) }, ` with ${count(command.modules, 'module')}`];
    case 'MakeMoveVec':
      return [
        `Make a vector of ${count(command.elements, 'element')}`,
        ...(command.type ? [' of type ', { code: moveName(command.type) }] : []),
      ];
    case 'Intent':
      return [`Let the wallet fill in a step (${command.name}) when it builds the transaction`];
    case 'Unknown':
      return [`A command this wallet cannot read (${command.name})`];
  }
}

/** What happens to an object that leaves this account, as a sentence starting with its type. */
export function objectWords(object: ObjectOut): Words {
  const id = { code: objectId(object.objectId) };
  const what: Words = object.objectType
    ? [{ code: moveName(object.objectType) }, ' ', id]
    : ['An object ', id, ' (the node did not give its type)'];
  if (object.change !== 'transferred') {
    return [...what, object.change === 'wrapped' ? ': wrapped into another object' : ': deleted'];
  }
  const to = object.to;
  if (to.owner === 'address') return [...what, ': transferred to ', { code: to.id }];
  if (to.owner === 'object') return [...what, ': transferred to object ', { code: objectId(to.id) }];
  return [...what, to.owner === 'shared' ? ': made shared (anyone may use it)' : ': frozen (nobody can change it again)'];
}
