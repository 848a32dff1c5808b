package dev.keel.eval;

import java.util.Map;

/**
 * One {@code keel eval} operation: a named, pure function from a JSON object to a JSON object.
 *
 * <p>Implementations must be thread-safe and stateless; a registry lists them ({@link EvalOpRegistry#standard()}
 * has Keel's own, {@link EvalOpRegistry#with} adds others). Input they cannot accept is reported by throwing a
 * {@link dev.keel.core.KeelException} (usually {@link dev.keel.core.InvalidInputException}) whose code and
 * message become the line's error; a decision such as DENY is a result, not an error.
 */
public interface EvalOp {

    /** The {@code op} value that selects this operation, for example {@code policy}. */
    String name();

    /**
     * Evaluates one input.
     *
     * @param input the line's {@code input} object, as a plain-value tree (see {@link dev.keel.core.json.JsonCodec})
     * @return the result object: plain values, records or beans the codec can write
     */
    Map<String, ?> apply(Map<String, Object> input);
}
