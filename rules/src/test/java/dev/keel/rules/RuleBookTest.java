package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.json.JsonCodec;
import dev.keel.rules.loader.RuleBooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleBookTest {

    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(resource("dev/keel/rules/schema/rule-book.schema.json"), InputFormat.JSON);
    private static final String BOOK = resource("dev/keel/rules/shop-book.json");

    static String resource(String name) {
        try (InputStream in = RuleBookTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aBookReadsWithItsScenariosAndEntities() {
        RuleBook book = RuleBooks.readResource(getClass().getClassLoader(), "dev/keel/rules/shop-book.json");

        assertThat(SCHEMA.validate(BOOK, InputFormat.JSON)).isEmpty();
        assertThat(book.rules().hardRules()).extracting(Rule::id).containsExactly("no_competitor");
        assertThat(book.scenario("refund").orElseThrow().entryPoints()).singleElement()
                .satisfies(entry -> assertThat(entry.to()).as("the first step").isEqualTo("collect_order"));
        assertThat(book.transitions()).extracting(Transition::id)
                .containsExactly("order_given", "refund_restart", "refund_request", "purchase");
        assertThat(book.candidatesAt(Position.none())).extracting(Transition::id).containsExactly("refund_request",
                "purchase");
        assertThat(book.candidatesAt(Position.of("refund", "collect_order"))).extracting(Transition::id)
                .containsExactly("order_given", "refund_restart", "refund_request", "purchase");
        assertThat(book.candidatesAt(Position.of("refund", "confirm"))).extracting(Transition::id)
                .containsExactly("refund_restart", "refund_request", "purchase");
        assertThat(book.rules().select(Position.of("refund", "collect_order"))).extracting(Rule::id)
                .containsExactly("no_competitor", "refund_limit", "ask_order");
    }

    @Test
    void entitiesAreReadByTheirPatterns() {
        RuleBook book = RuleBook.fromJson(BOOK);
        EntityDeclaration order = book.entities().get(0);
        EntityDeclaration budget = book.entities().get(1);

        assertThat(order.read("it is order B-2002, thanks")).contains("B-2002");
        assertThat(order.read("no order")).isEmpty();
        assertThat(budget.store()).isEqualTo(EntityDeclaration.Store.PROFILE);
        assertThat(budget.read("a budget of $1,200")).contains(new BigDecimal("1200"));
    }

    @Test
    void aMemberNamedSchemaMustBeAString() {
        assertThatThrownBy(() -> RuleBook.fromJson("{\"$schema\": 7, \"rules\": []}"))
                .isInstanceOf(InvalidRulesException.class).hasMessageContaining("/$schema: must be a string");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown scenario of a rule | /rules/2/scenario | sales_x | no scenario has the id 'sales_x' | false",
        "transition to no step      | /scenarios/0/steps/0/transitions/0/to | nowhere | scenario 'refund' has no step 'nowhere' | false",
        "entry into no step         | /scenarios/1/entry_points/0/step | nowhere | scenario 'sales' has no step 'nowhere' | false",
        "repeated transition id     | /scenarios/1/entry_points/0/id | order_given | another transition or entry point has the id 'order_given' | false",
        "repeated scenario id       | /scenarios/1/id | refund | another scenario has the id 'refund' | false",
        "repeated entity name       | /entities/1/name | order_id | another entity has the name 'order_id' | false",
        "entity pattern without group | /entities/0/pattern | [A-Z]-[0-9]{4} | must have exactly one capturing group (the value), found 0 | false",
        "blank example              | /scenarios/1/entry_points/0/examples/0 | ' ' | must be a non-blank string, found ' ' | true",
        "unknown store              | /entities/0/store | cache | must be one of session, profile, found 'cache' | true",
    })
    @SuppressWarnings("unchecked")
    void aBrokenBookNamesTheProblemByPointer(String name, String pointer, String value, String problem,
                                            boolean schemaCanTell) {
        Map<String, Object> tree = (Map<String, Object>) deepCopy(JsonCodec.strict().parse(BOOK));
        set(tree, pointer, value.equals("' '") ? " " : value);
        String json = JsonCodec.strict().write(tree);

        assertThatThrownBy(() -> RuleBook.fromJson(json)).isInstanceOf(InvalidRulesException.class)
                .satisfies(e -> assertThat(((InvalidRulesException) e).problems()).extracting(Object::toString)
                        .contains(pointer + ": " + problem));
        assertThat(SCHEMA.validate(json, InputFormat.JSON).isEmpty()).as("the schema sees it").isEqualTo(!schemaCanTell);
    }

    @SuppressWarnings("unchecked")
    private static Object deepCopy(Object tree) {
        if (tree instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) tree).forEach((k, v) -> copy.put(k, deepCopy(v)));
            return copy;
        }
        if (tree instanceof List) {
            return new java.util.ArrayList<>(((List<Object>) tree).stream().map(RuleBookTest::deepCopy).toList());
        }
        return tree;
    }

    @SuppressWarnings("unchecked")
    private static void set(Object tree, String pointer, Object value) {
        List<String> tokens = dev.keel.core.json.JsonPointers.parse(pointer);
        Object at = tree;
        for (int i = 0; i < tokens.size() - 1; i++) {
            at = at instanceof List ? ((List<Object>) at).get(Integer.parseInt(tokens.get(i)))
                    : ((Map<String, Object>) at).get(tokens.get(i));
        }
        String last = tokens.get(tokens.size() - 1);
        if (at instanceof List) {
            ((List<Object>) at).set(Integer.parseInt(last), value);
        } else {
            ((Map<String, Object>) at).put(last, value);
        }
    }
}
