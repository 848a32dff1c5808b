package dev.keel.committee;

import dev.keel.committee.CommitteeConfigSpec.PolicySpec;
import dev.keel.core.ConfigurationException;
import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonNumbers;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.json.JsonProblem;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The format of the committee's part of an LLM configuration: its JSON Schema
 * ({@code dev/keel/committee/schema/committee-config.schema.json}) is the validator, a valid document binds to
 * {@link CommitteeConfigSpec}, and the rules across members that JSON Schema cannot state ({@code tauHard} not above
 * {@code tauSoft}, weights naming configured roles) are checks on the bound record. Every problem the schema finds is
 * reported at once, then those of the checks, each at the JSON pointer of the offending value, in one
 * {@link ConfigurationException}. Caps read from the environment are resolved here too, once the document is valid.
 * Pure (the environment is a function passed in) and thread-safe.
 */
final class CommitteeConfigFormat {

    /** The schema on the class path, also shipped for editors. */
    static final String SCHEMA = "dev/keel/committee/schema/committee-config.schema.json";

    private static final DocumentFormat<CommitteeConfigSpec> FORMAT = DocumentFormat
            .builder(CommitteeConfigSpec.class, SCHEMA)
            .check(CommitteeConfigFormat::crossMemberProblems)
            .build();

    /** The greatest scale and precision of a cap read from the environment: a sum of dollars, not a long number. */
    private static final int MAX_SCALE = 20;
    private static final int MAX_PRECISION = 30;

    private CommitteeConfigFormat() {
    }

    /**
     * Reads the committee's part of a parsed configuration; members it does not name are left to the reader of the
     * whole file.
     *
     * @throws ConfigurationException naming every problem by JSON pointer
     */
    static CommitteeConfigSpec read(Object tree) {
        return FORMAT.read(tree, "", CommitteeConfigFormat::failure);
    }

    /**
     * Where the schema and {@link CommitteeConfigSpec} disagree on members; empty when they agree (a test holds them
     * so).
     */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    /** The problems as the one exception a configuration's reader throws. */
    static ConfigurationException failure(List<JsonProblem> problems) {
        return new ConfigurationException(JsonProblem.describe(null, problems));
    }

    /**
     * A cap of a valid document: {@code fallback} when absent, the number when it is one, else the value of the
     * environment variable {@code env} names, else its {@code default}. A variable that is unset without a default,
     * or that holds no decimal number at least 0, is a problem at {@code pointer} (which never quotes the value),
     * and the cap is then {@code fallback}.
     */
    static BigDecimal cap(@Nullable Object cap, String pointer, BigDecimal fallback,
            Function<String, Optional<String>> environment, List<JsonProblem> problems) {
        if (cap == null) {
            return fallback;
        }
        if (cap instanceof Number number) {
            return Objects.requireNonNull(JsonNumbers.decimal(number), "cap");
        }
        // The schema has checked the shape: {"env": NAME, "default"?: number}.
        Map<?, ?> fields = (Map<?, ?>) cap;
        String env = (String) Objects.requireNonNull(fields.get("env"), "env");
        Optional<String> raw = environment.apply(env).map(String::strip).filter(text -> !text.isEmpty());
        if (raw.isEmpty()) {
            Object orElse = fields.get("default");
            if (orElse == null) {
                problems.add(new JsonProblem(pointer, "environment variable " + env
                        + " is not set and there is no default"));
                return fallback;
            }
            return Objects.requireNonNull(JsonNumbers.decimal((Number) orElse), "default");
        }
        try {
            BigDecimal read = new BigDecimal(raw.get());
            if (read.signum() >= 0 && read.scale() <= MAX_SCALE && read.precision() <= MAX_PRECISION) {
                return read;
            }
        } catch (NumberFormatException e) {
            // reported below, without the value
        }
        problems.add(new JsonProblem(pointer, "environment variable " + env + " is not a decimal number >= 0"));
        return fallback;
    }

    private static List<JsonProblem> crossMemberProblems(CommitteeConfigSpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        PolicySpec policy = spec.policy();
        if (policy.tauHard().compareTo(policy.tauSoft()) > 0) {
            problems.add(new JsonProblem("/policy/tauHard", "must not be above tauSoft"));
        }
        // A weight for a role that is not configured is a typo that would silently weigh nothing.
        if (policy.weights() != null) {
            for (String role : policy.weights().keySet()) {
                if (!spec.models().roles().containsKey(role)) {
                    problems.add(new JsonProblem(JsonPointers.child("/policy/weights", role),
                            "names no role under /models/roles"));
                }
            }
        }
        return problems;
    }
}
