package dev.keel.rules;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationListener;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.keel.core.Cancellation;
import dev.keel.core.CancelledException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.KeelException;
import dev.keel.core.text.LinearPatterns;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Enforcement expressions in CEL: compiled once, evaluated many times. An expression's free identifiers are its
 * variables, declared {@code dyn} (their values come with each turn, as CEL {@code int}, {@code double},
 * {@code string} or {@code bool}); the expression must be a {@code bool}. Numbers compare across {@code int} and
 * {@code double} by value (CEL's heterogeneous numeric comparison); a comprehension runs at most
 * {@value #MAX_ITERATIONS} iterations and a {@code matches()} pattern compiles to at most
 * {@link LinearPatterns#MAX_PROGRAM_SIZE} instructions, so no expression can make an evaluation hang. Evaluations are
 * charged to a {@link Cost}: CEL reports every expression node it evaluates, and an evaluation stops once the cost
 * given for it is spent, or its thread is interrupted. Immutable and thread-safe.
 */
final class CelExpressions {

    /** The longest expression accepted, in code points. */
    static final int MAX_LENGTH = 4_000;
    /** Iterations of all comprehensions of one evaluation together. */
    static final int MAX_ITERATIONS = 10_000;

    private static final CelOptions OPTIONS = CelOptions.current()
            .enableHeterogeneousNumericComparisons(true)
            .maxExpressionCodePointSize(MAX_LENGTH)
            .comprehensionMaxIterations(MAX_ITERATIONS)
            .maxRegexProgramSize(LinearPatterns.MAX_PROGRAM_SIZE)
            .build();
    private static final CelCompiler PARSER = CelCompilerFactory.standardCelCompilerBuilder().setOptions(OPTIONS)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS).build();
    private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().setOptions(OPTIONS).build();
    /** Names that are CEL's types or constants, never variables. */
    private static final Set<String> BUILT_IN = Set.of("int", "uint", "double", "bool", "string", "bytes", "list",
            "map", "null_type", "type", "dyn");

    private CelExpressions() {
    }

    /** A compiled expression and the variables it reads. */
    record Compiled(CelRuntime.Program program, Set<String> variables) {

        /**
         * True when the expression holds for {@code bindings}; false when it does not, when it cannot be evaluated
         * (an error such as comparing a string with a number, or a value that is not a boolean), or when
         * {@code cost} is spent before it ends (then {@link Cost#spent()} says so).
         *
         * @throws CancelledException when the thread is interrupted during the evaluation
         */
        boolean holds(Map<String, Object> bindings, Cost cost) {
            try {
                // Past its limit the cost throws at every step, the root's included: a spent evaluation never returns.
                return Boolean.TRUE.equals(program.trace(bindings, cost));
            } catch (CelEvaluationException | RuntimeException e) {
                cost.throwIfCancelled();
                // A rule that cannot be evaluated on what the answer says is not known to hold: it fails closed.
                return false;
            }
        }
    }

    /**
     * The evaluation steps one check may take over all its evaluations: one per expression node CEL evaluates
     * (inside a comprehension, per iteration). Once the limit is passed, or the thread is interrupted, every further
     * step throws, so the evaluation ends even where CEL's {@code ||} and {@code &&} absorb an error. Not
     * thread-safe: one per check.
     */
    static final class Cost implements CelEvaluationListener {

        /** Steps between two looks at the thread's interrupt. */
        private static final int CHECKPOINT_INTERVAL = 1024;

        private final long limit;
        private long steps;
        private @Nullable CancelledException cancelled;

        Cost(long limit) {
            this.limit = limit;
        }

        @Override
        public void callback(CelExpr expr, Object result) {
            steps++;
            if (cancelled == null && steps % CHECKPOINT_INTERVAL == 0) {
                try {
                    Cancellation.checkpoint();
                } catch (CancelledException e) {
                    cancelled = e;
                }
            }
            if (steps > limit || cancelled != null) {
                throw new Stop();
            }
        }

        /** Whether the limit was passed: an evaluation that stopped for it proved nothing. */
        boolean spent() {
            return steps > limit;
        }

        /** The steps taken so far. */
        long steps() {
            return steps;
        }

        void throwIfCancelled() {
            if (cancelled != null) {
                throw cancelled;
            }
        }
    }

    /** Ends an evaluation from inside CEL; CEL wraps it, and {@link Cost} knows why. It never leaves this class. */
    private static final class Stop extends KeelException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super("evaluation_stopped", "the evaluation was stopped");
        }

        /** No stack trace: an evaluation that stops may throw one at each of thousands of steps before it ends. */
        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /**
     * Compiles {@code expression}.
     *
     * @throws InvalidInputException with CEL's description of the problem (position and caret included)
     */
    static Compiled compile(String expression) {
        CelAbstractSyntaxTree parsed = ast(PARSER.parse(expression));
        Set<String> variables = freeVariables(parsed.getExpr());
        CelCompilerBuilder checker = PARSER.toCompilerBuilder().setResultType(SimpleType.BOOL);
        variables.forEach(name -> checker.addVar(name, SimpleType.DYN));
        CelAbstractSyntaxTree checked = ast(checker.build().check(parsed));
        try {
            return new Compiled(RUNTIME.createProgram(checked), Set.copyOf(variables));
        } catch (CelEvaluationException e) {
            throw new InvalidInputException("invalid_input", "is not a valid CEL expression: " + e.getMessage(), e);
        }
    }

    private static CelAbstractSyntaxTree ast(CelValidationResult result) {
        try {
            return result.getAst();
        } catch (CelValidationException e) {
            throw new InvalidInputException("invalid_input", "is not a valid CEL expression: "
                    + result.getErrorString().replace('\n', ' ').replaceAll(" +", " ").strip(), e);
        }
    }

    /** The identifiers of {@code root} that no comprehension binds: the variables it reads, sorted. */
    private static Set<String> freeVariables(CelExpr root) {
        Set<String> free = new TreeSet<>();
        record Visit(CelExpr expr, Set<String> bound) {
        }
        Deque<Visit> pending = new ArrayDeque<>();
        pending.push(new Visit(root, Set.of()));
        while (!pending.isEmpty()) {
            Visit visit = pending.pop();
            CelExpr expr = visit.expr();
            switch (expr.getKind()) {
                case IDENT -> {
                    String name = expr.ident().name();
                    if (!visit.bound().contains(name) && !BUILT_IN.contains(name)) {
                        free.add(name);
                    }
                }
                case SELECT -> pending.push(new Visit(expr.select().operand(), visit.bound()));
                case CALL -> {
                    expr.call().target().ifPresent(target -> pending.push(new Visit(target, visit.bound())));
                    expr.call().args().forEach(arg -> pending.push(new Visit(arg, visit.bound())));
                }
                case LIST -> expr.list().elements().forEach(e -> pending.push(new Visit(e, visit.bound())));
                case MAP -> expr.map().entries().forEach(entry -> {
                    pending.push(new Visit(entry.key(), visit.bound()));
                    pending.push(new Visit(entry.value(), visit.bound()));
                });
                case STRUCT -> expr.struct().entries().forEach(entry -> pending.push(new Visit(entry.value(),
                        visit.bound())));
                case COMPREHENSION -> {
                    CelExpr.CelComprehension loop = expr.comprehension();
                    Set<String> inLoop = new TreeSet<>(visit.bound());
                    inLoop.add(loop.iterVar());
                    if (!loop.iterVar2().isEmpty()) {
                        inLoop.add(loop.iterVar2());
                    }
                    inLoop.add(loop.accuVar());
                    Set<String> withAccumulator = new TreeSet<>(visit.bound());
                    withAccumulator.add(loop.accuVar());
                    pending.push(new Visit(loop.iterRange(), visit.bound()));
                    pending.push(new Visit(loop.accuInit(), visit.bound()));
                    pending.push(new Visit(loop.loopCondition(), inLoop));
                    pending.push(new Visit(loop.loopStep(), inLoop));
                    pending.push(new Visit(loop.result(), withAccumulator));
                }
                default -> {
                    // constants and unset nodes read no variable
                }
            }
        }
        return free;
    }
}
