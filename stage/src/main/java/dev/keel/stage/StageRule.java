package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A validation rule of a stage contract beyond the shape of the output: a relation between values, a condition
 * on {@code cached_state}, a check of the reply against the sources it lists. Each kind has a name in the
 * contract form ({@code "rule": "count_equals_length"}, ...).
 *
 * <p>A rule whose values are missing or of the wrong type is skipped: the shape check already reports those,
 * once. Rules are immutable records, thread-safe.
 */
public sealed interface StageRule permits StageRule.CountEqualsLength, StageRule.MemberOf, StageRule.When,
        StageRule.StateEquals, StageRule.SourcesCoverMentions, StageRule.HighestTotal {

    /** The rule's name in the contract form. */
    String ruleName();

    /** {@code count} (an integer) must equal the number of items of the array at {@code of}. */
    static CountEqualsLength countEqualsLength(String count, String of) {
        return new CountEqualsLength(Pointer.of(count), Pointer.of(of));
    }

    /** The string at {@code pointer} must be one of the strings at {@code values} (a pointer with wildcards). */
    static MemberOf memberOf(String pointer, String values) {
        return new MemberOf(Pointer.of(pointer), Pointer.of(values));
    }

    /** When {@code condition} holds, the value at {@code pointer}, if present, must also have {@code shape}. */
    static When when(Condition condition, String pointer, Shape shape) {
        return new When(condition, Pointer.of(pointer), shape);
    }

    /**
     * A precondition: the stage may run only when {@code cached_state} holds {@code value} at {@code pointer}.
     * It depends on the state alone, so the runtime checks it before calling the model.
     */
    static StateEquals stateEquals(String pointer, @Nullable Object value) {
        return new StateEquals(Condition.state(pointer, value));
    }

    /** See {@link SourcesCoverMentions}. */
    static SourcesCoverMentions sourcesCoverMentions(String text, String sources, String sourceKey, String entity,
                                                     List<KnownEntities> known) {
        return new SourcesCoverMentions(Pointer.of(text), Pointer.of(sources), sourceKey, entity, known);
    }

    /** See {@link HighestTotal}. */
    static HighestTotal highestTotal(String pointer, String groups, String groupKey, String scores) {
        return new HighestTotal(Pointer.of(pointer), Pointer.of(groups), groupKey, Pointer.of(scores));
    }

    /** See {@link StageRule#countEqualsLength}. */
    record CountEqualsLength(Pointer count, Pointer of) implements StageRule {
        public CountEqualsLength {
            singleValue(count);
            singleValue(of);
        }

        @Override
        public String ruleName() {
            return "count_equals_length";
        }
    }

    /** See {@link StageRule#memberOf}. */
    record MemberOf(Pointer pointer, Pointer values) implements StageRule {
        public MemberOf {
            singleValue(pointer);
            Objects.requireNonNull(values, "values");
        }

        @Override
        public String ruleName() {
            return "member_of";
        }
    }

    /** See {@link StageRule#when}. */
    record When(Condition condition, Pointer pointer, Shape shape) implements StageRule {
        public When {
            Objects.requireNonNull(condition, "condition");
            singleValue(pointer);
            Objects.requireNonNull(shape, "shape");
        }

        @Override
        public String ruleName() {
            return "when";
        }
    }

    /** See {@link StageRule#stateEquals}. */
    record StateEquals(Condition condition) implements StageRule {
        public StateEquals {
            Objects.requireNonNull(condition, "condition");
            if (condition.source() != Condition.Source.STATE) {
                throw new InvalidContractException("state_equals tests cached_state, not the output");
            }
        }

        @Override
        public String ruleName() {
            return "state_equals";
        }
    }

    /**
     * Every known entity (an organisation, a product, a service, ...) that the text at {@code text} refers to must be listed in the
     * array at {@code sources}: some item's {@code sourceKey} property equals the entity's id.
     *
     * <p>The entities are read from {@code cached_state} ({@code known}). The text refers to an entity when it
     * contains the entity's id or one of its names, ignoring case; where the id or name begins or ends with an
     * ASCII letter or digit, the neighbouring character of the text must not be an ASCII letter, digit or
     * underscore (so {@code moe} is not found in {@code some}, while a name in a script without spaces, such as
     * {@code 國稅局} in {@code 國稅局的}, still is).
     *
     * @param entity what the entities are, for messages (for example {@code service})
     */
    record SourcesCoverMentions(Pointer text, Pointer sources, String sourceKey, String entity,
                                List<KnownEntities> known) implements StageRule {
        public SourcesCoverMentions {
            singleValue(text);
            singleValue(sources);
            if (sourceKey == null || sourceKey.isEmpty()) {
                throw new InvalidContractException("sources_cover_mentions needs the source key property");
            }
            if (entity == null || entity.isBlank()) {
                throw new InvalidContractException("sources_cover_mentions needs the entity name");
            }
            known = List.copyOf(known);
            if (known.isEmpty()) {
                throw new InvalidContractException("sources_cover_mentions needs at least one place that lists known entities");
            }
        }

        @Override
        public String ruleName() {
            return "sources_cover_mentions";
        }
    }

    /**
     * The string at {@code pointer} must name a group with the highest total: the groups are the object items of
     * the array at {@code groups}, each named by its {@code groupKey} property, and a group's total is the exact sum
     * of the numbers {@code scores} reaches inside it (a pointer relative to the group, with wildcards; a group
     * where it reaches nothing totals 0). When several groups share the highest total, naming any of them is
     * accepted. A name that is no group's is left to a {@link MemberOf} rule.
     */
    record HighestTotal(Pointer pointer, Pointer groups, String groupKey, Pointer scores) implements StageRule {
        public HighestTotal {
            singleValue(pointer);
            singleValue(groups);
            if (groupKey == null || groupKey.isEmpty()) {
                throw new InvalidContractException("highest_total needs the property that names each group");
            }
            Objects.requireNonNull(scores, "scores");
            if (scores.segments().isEmpty()) {
                throw new InvalidContractException("highest_total needs a pointer to the scores inside each group");
            }
        }

        @Override
        public String ruleName() {
            return "highest_total";
        }
    }

    private static void singleValue(Pointer pointer) {
        Objects.requireNonNull(pointer, "pointer");
        if (pointer.hasWildcard()) {
            throw new InvalidContractException("'" + pointer + "' must name one value: no wildcard here");
        }
    }
}
