package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MisbehaviourTest {

    private static final String VALID = "{\"agency\":\"dmv\",\"steps\":[{\"id\":\"renew\"}],\"confidence\":0.9}";
    private static final JsonCodec JSON = JsonCodec.strict();

    @Test
    void everyKindBreaksTheValidReplyAndTheSameSeedGivesTheSameReply() {
        for (Misbehaviour kind : Misbehaviour.values()) {
            String reply = kind.reply(VALID, Set.of("/agency"), new Random(7));
            assertThat(reply).as(kind.name()).isNotEqualTo(VALID)
                    .isEqualTo(kind.reply(VALID, Set.of("/agency"), new Random(7)));
        }
    }

    @Test
    void unknownIdsReplaceEveryNamedIdentifierWithAWellFormedOne() {
        Map<String, Object> reply = JSON.parseObject(
                Misbehaviour.UNKNOWN_IDS.reply(VALID, Set.of("/agency", "/steps/0/id"), new Random(1)));
        assertThat((String) reply.get("agency")).startsWith("unknown_").matches("[a-z0-9_]+");
        assertThat(reply.get("steps").toString()).contains("unknown_").doesNotContain("renew");
        assertThat(reply.get("confidence")).isEqualTo(JSON.parseObject(VALID).get("confidence"));
    }

    @Test
    void wrongTypesKeepTheMembersButChangeOneType() {
        Map<String, Object> valid = JSON.parseObject(VALID);
        for (int seed = 0; seed < 20; seed++) {
            Map<String, Object> reply = JSON.parseObject(
                    Misbehaviour.WRONG_TYPES.reply(VALID, Set.of(), new Random(seed)));
            assertThat(reply.keySet()).as("seed %s", seed).isEqualTo(valid.keySet());
            assertThat(reply.entrySet().stream().filter(member -> !member.getValue().getClass()
                    .equals(valid.get(member.getKey()).getClass())).count()).as("seed %s", seed).isEqualTo(1);
        }
    }

    @Test
    void theRepliesThatAreNotJsonCannotBeReadAsJson() {
        for (Misbehaviour kind : Set.of(Misbehaviour.NOT_JSON, Misbehaviour.EMPTY, Misbehaviour.FENCED_JSON,
                Misbehaviour.PROSE, Misbehaviour.TRUNCATED)) {
            assertThatThrownBy(() -> JSON.parse(kind.reply(VALID, Set.of(), new Random(3)))).as(kind.name())
                    .isInstanceOf(RuntimeException.class);
        }
        assertThat(Misbehaviour.HUGE.reply(VALID, Set.of(), new Random(3))).hasSizeGreaterThan(300_000);
    }
}
