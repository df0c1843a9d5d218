import jsep from 'jsep';

// Words read better than && || ! in YAML written by people who are not developers.
jsep.addBinaryOp('and', 2);
jsep.addBinaryOp('or', 1);
jsep.addUnaryOp('not');

export type Value = number | string | boolean;
export type Scope = Record<string, Value>;

type Node =
  | { type: 'Literal'; value: unknown }
  | { type: 'Identifier'; name: string }
  | { type: 'UnaryExpression'; operator: string; argument: Node }
  | { type: 'BinaryExpression'; operator: string; left: Node; right: Node }
  | { type: 'ConditionalExpression'; test: Node; consequent: Node; alternate: Node }
  | { type: 'CallExpression'; callee: Node; arguments: Node[] }
  | { type: string };

const FUNCTIONS: Record<string, (...values: number[]) => number> = { min: Math.min, max: Math.max, round: Math.round };
const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
};
const ORDER: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};
const LOGIC = new Set(['and', 'or', '&&', '||']);

/** A mistake in an expression: what is wrong and, where known, at which character. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly index?: number,
    /** The unknown name the message is about, so the content check can point at it. */
    readonly unknownName?: string,
  ) {
    super(message);
  }
}

const parsed = new Map<string, Node>();

/** Parses once and keeps the tree: the same rules are worked out on every answer. */
export function parseExpression(text: string): Node {
  let tree = parsed.get(text);
  if (!tree) {
    try {
      tree = jsep(text);
    } catch (error) {
      const { description, index } = error as { description?: string; index?: number };
      throw new ExpressionError(`cannot be read: ${(description ?? (error as Error).message).toLowerCase()}`, index);
    }
    parsed.set(text, tree);
  }
  return tree;
}

/**
 * Every problem an expression that reads well can still have: a part the checker does not
 * work out (such as a.b or [1, 2]), an unknown function, or a name that is not in `known`.
 */
export function expressionProblems(text: string, known: ReadonlySet<string>): ExpressionError[] {
  const problems: ExpressionError[] = [];
  const visit = (node: Node) => {
    switch (node.type) {
      case 'Literal':
        return;
      case 'Identifier': {
        const { name } = node as { name: string };
        if (!known.has(name))
          problems.push(new ExpressionError(`names ${name}, which is not a question, a constant or a figure above it`, undefined, name));
        return;
      }
      case 'UnaryExpression': {
        const unary = node as { operator: string; argument: Node };
        if (!['-', 'not', '!'].includes(unary.operator))
          problems.push(new ExpressionError(`uses ${unary.operator}, which the checker does not work out`));
        return visit(unary.argument);
      }
      case 'BinaryExpression': {
        const binary = node as { operator: string; left: Node; right: Node };
        if (!(
          binary.operator in ARITHMETIC ||
          binary.operator in ORDER ||
          LOGIC.has(binary.operator) ||
          ['==', '!='].includes(binary.operator)
        ))
          problems.push(new ExpressionError(`uses ${binary.operator}, which the checker does not work out`));
        visit(binary.left);
        return visit(binary.right);
      }
      case 'ConditionalExpression': {
        const conditional = node as { test: Node; consequent: Node; alternate: Node };
        return [conditional.test, conditional.consequent, conditional.alternate].forEach(visit);
      }
      case 'CallExpression': {
        const call = node as { callee: Node; arguments: Node[] };
        const name = call.callee.type === 'Identifier' ? (call.callee as { name: string }).name : '';
        if (!(name in FUNCTIONS))
          problems.push(
            new ExpressionError(`calls ${name || 'something'}, but only min, max and round can be used`, undefined, name || undefined),
          );
        return call.arguments.forEach(visit);
      }
      default:
        problems.push(
          new ExpressionError(`holds a ${node.type.replace(/Expression$/, '').toLowerCase()}, which the checker does not work out`),
        );
    }
  };
  visit(parseExpression(text));
  return problems;
}

/** Each comparison of a name with a text in quotes, such as sector == 'manufacturing', for checking the text is one of its answers. */
export function comparisons(text: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === 'BinaryExpression') {
      const { operator, left, right } = node as { operator: string; left: Node; right: Node };
      if (operator === '==' || operator === '!=') {
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          if (a.type === 'Identifier' && b.type === 'Literal' && typeof (b as { value: unknown }).value === 'string')
            found.push({ name: (a as { name: string }).name, value: (b as { value: string }).value });
        }
      }
      visit(left);
      visit(right);
    } else if (node.type === 'UnaryExpression') visit((node as { argument: Node }).argument);
    else if (node.type === 'ConditionalExpression') {
      const conditional = node as { test: Node; consequent: Node; alternate: Node };
      [conditional.test, conditional.consequent, conditional.alternate].forEach(visit);
    } else if (node.type === 'CallExpression') (node as { arguments: Node[] }).arguments.forEach(visit);
  };
  visit(parseExpression(text));
  return found;
}

const asNumber = (value: Value): number => {
  if (typeof value !== 'number') throw new ExpressionError(`expected a number, got ${JSON.stringify(value)}`);
  return value;
};

/** Works an expression out on the answers; the content check has already refused anything it could not. */
export function evaluate(text: string, scope: Scope): Value {
  const run = (node: Node): Value => {
    switch (node.type) {
      case 'Literal':
        return (node as { value: Value }).value;
      case 'Identifier': {
        const value = scope[(node as { name: string }).name];
        if (value === undefined) throw new ExpressionError(`has no value for ${(node as { name: string }).name}`);
        return value;
      }
      case 'UnaryExpression': {
        const { operator, argument } = node as { operator: string; argument: Node };
        return operator === '-' ? -asNumber(run(argument)) : !run(argument);
      }
      case 'BinaryExpression': {
        const { operator, left, right } = node as { operator: string; left: Node; right: Node };
        if (operator === 'and' || operator === '&&') return Boolean(run(left)) && Boolean(run(right));
        if (operator === 'or' || operator === '||') return Boolean(run(left)) || Boolean(run(right));
        if (operator === '==') return run(left) === run(right);
        if (operator === '!=') return run(left) !== run(right);
        if (operator in ORDER) return ORDER[operator]!(asNumber(run(left)), asNumber(run(right)));
        return ARITHMETIC[operator]!(asNumber(run(left)), asNumber(run(right)));
      }
      case 'ConditionalExpression': {
        const { test, consequent, alternate } = node as { test: Node; consequent: Node; alternate: Node };
        return run(test) ? run(consequent) : run(alternate);
      }
      case 'CallExpression': {
        const call = node as { callee: { name: string }; arguments: Node[] };
        return FUNCTIONS[call.callee.name]!(...call.arguments.map((argument) => asNumber(run(argument))));
      }
      default:
        throw new ExpressionError(`cannot work out a ${node.type}`);
    }
  };
  return run(parseExpression(text));
}

/**
 * The texts a figure can come out as, such as 'Shishu' and 'Kishor' from
 * amount <= shishuUpTo ? 'Shishu' : 'Kishor': the texts in quotes in the branches it ends in.
 * Undefined when a branch is worked out rather than written (a name, a sum), so its text is not known.
 */
export function textOutcomes(text: string): string[] | undefined {
  const outcomes = (node: Node): string[] | undefined => {
    if (node.type === 'Literal') {
      const { value } = node as { value: unknown };
      return typeof value === 'string' ? [value] : undefined;
    }
    if (node.type !== 'ConditionalExpression') return undefined;
    const { consequent, alternate } = node as { consequent: Node; alternate: Node };
    const [yes, no] = [outcomes(consequent), outcomes(alternate)];
    return yes && no ? [...new Set([...yes, ...no])] : undefined;
  };
  return outcomes(parseExpression(text));
}
