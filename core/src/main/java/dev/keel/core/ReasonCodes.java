package dev.keel.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * An ordered list of distinct {@link ReasonCode}s, in the order they were first added.
 *
 * <p>{@link Builder#add(String)} normalises, drops what normalises to nothing and skips what is already present
 * ({@code docs/evidence.md}, "Reason codes"). Immutable and thread-safe; the builder is not thread-safe.
 */
public final class ReasonCodes implements Iterable<ReasonCode> {

    private static final ReasonCodes EMPTY = new ReasonCodes(List.of());

    private final List<ReasonCode> codes;

    private ReasonCodes(List<ReasonCode> codes) {
        this.codes = codes;
    }

    public static ReasonCodes empty() {
        return EMPTY;
    }

    /** Normalises each of {@code raw} in turn, as {@link Builder#add(String)} does. */
    public static ReasonCodes of(String... raw) {
        Builder builder = builder();
        for (String code : raw) {
            builder.add(code);
        }
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The codes, first added first. */
    public List<ReasonCode> codes() {
        return codes;
    }

    /** The codes' texts, first added first: the wire form ({@code "reason_codes": [...]}). */
    public List<String> values() {
        List<String> values = new ArrayList<>(codes.size());
        for (ReasonCode code : codes) {
            values.add(code.value());
        }
        return Collections.unmodifiableList(values);
    }

    public boolean contains(String raw) {
        return ReasonCode.normalize(raw).map(codes::contains).orElse(false);
    }

    public boolean isEmpty() {
        return codes.isEmpty();
    }

    public int size() {
        return codes.size();
    }

    /** This list followed by those of {@code other} not already in it. */
    public ReasonCodes concat(ReasonCodes other) {
        return builder().addAll(this).addAll(other).build();
    }

    @Override
    public Iterator<ReasonCode> iterator() {
        return codes.iterator();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReasonCodes && ((ReasonCodes) other).codes.equals(codes);
    }

    @Override
    public int hashCode() {
        return codes.hashCode();
    }

    @Override
    public String toString() {
        return values().toString();
    }

    /** Collects codes in first-added order; not thread-safe. */
    public static final class Builder {
        private final Set<ReasonCode> codes = new LinkedHashSet<>();

        private Builder() {
        }

        /** Normalises {@code raw} and appends it unless it is empty or already present. */
        public Builder add(String raw) {
            ReasonCode.normalize(raw).ifPresent(codes::add);
            return this;
        }

        public Builder add(@Nullable ReasonCode code) {
            codes.add(code);
            return this;
        }

        public Builder addAll(Iterable<ReasonCode> more) {
            for (ReasonCode code : more) {
                codes.add(code);
            }
            return this;
        }

        public ReasonCodes build() {
            return codes.isEmpty() ? EMPTY : new ReasonCodes(List.copyOf(codes));
        }
    }
}
