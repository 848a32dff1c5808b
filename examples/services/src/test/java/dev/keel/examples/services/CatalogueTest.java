package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.InvalidInputException;
import dev.keel.core.io.TextSources;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class CatalogueTest {

    private static final String SHIPPED_TEXT = TextSources.readResource(CatalogueTest.class.getClassLoader(),
            "dev/keel/examples/services/catalogue.json");

    private static List<String> schemaProblems(String json) {
        try (InputStream in = Objects.requireNonNull(CatalogueTest.class.getResourceAsStream(
                "/dev/keel/examples/services/schema/catalogue.schema.json"))) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in)
                    .validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theShippedCatalogueIsOneCountrysFiveAgenciesAndFortyServices() {
        Catalogue catalogue = Catalogue.shipped();

        assertThat(catalogue.country()).isEqualTo("Republic of Kestria");
        assertThat(catalogue.agencies()).extracting(Agency::id).containsExactly("civil_registry", "revenue_office",
                "transport_authority", "company_registry", "social_insurance");
        assertThat(catalogue.agencies().stream().mapToInt(agency -> agency.services().size()).sum()).isEqualTo(40);
        for (Agency agency : catalogue.agencies()) {
            assertThat(agency.dictionary()).isNotEmpty();
            agency.services().forEach(service -> assertThat(agency.dictionary()).containsKey(service.category()));
        }
    }

    @Test
    void theTwoAgencyCasesAreInTheCatalogue() {
        Catalogue catalogue = Catalogue.shipped();

        // moving house: the civil registry and the transport authority; starting a business: the registry and tax
        assertThat(catalogue.agencyOf("address_registration")).map(Agency::id).contains("civil_registry");
        assertThat(catalogue.agencyOf("vehicle_registration")).map(Agency::id).contains("transport_authority");
        assertThat(catalogue.agencyOf("company_registration")).map(Agency::id).contains("company_registry");
        assertThat(catalogue.agencyOf("business_tax_registration")).map(Agency::id).contains("revenue_office");
    }

    @Test
    void theShippedCatalogueFollowsItsSchema() {
        assertThat(schemaProblems(SHIPPED_TEXT)).isEmpty();
    }

    @Test
    void theStageInputsAreTheCataloguesSections() {
        Agency registry = Catalogue.shipped().agency("civil_registry").orElseThrow();

        assertThat(registry.knowledgeBaseDictionary()).containsEntry("agencyId", "civil_registry")
                .containsKey("categories");
        Map<String, Object> first = (Map<String, Object>) ((List<?>) registry.serviceIndex().get("services")).get(0);
        assertThat(first).containsOnlyKeys("key", "name", "path", "overview", "applicability_summary");
        assertThat(registry.info()).containsOnlyKeys("agencyId", "name", "path", "description");
    }

    @Test
    void everyProblemIsNamedAtOnceWithItsPointer() {
        String broken = SHIPPED_TEXT
                .replaceFirst("\"fee\": \"free\"", "\"fee\": 0")
                .replaceFirst("\"\\{overview}\"", "\"{opening_hours}\"")
                .replaceFirst("\"currency\"", "\"colour\": \"blue\", \"currency\"");

        assertThatThrownBy(() -> Catalogue.read("broken.json", broken)).isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid catalogue broken.json: /agencies/0/services/0/fee: must be a non-blank string,"
                        + " found the number 0; /colour: unknown key; expected one of agencies, country, currency,"
                        + " reply_template; /reply_template/1: unknown placeholder {opening_hours}; known: "
                        + Catalogue.PLACEHOLDERS)
                .extracting(e -> ((InvalidInputException) e).code()).isEqualTo(Catalogue.INVALID_CATALOGUE);
        assertThat(schemaProblems(broken)).isNotEmpty();
    }

    /** What the schema cannot say is checked once it accepts the catalogue, every problem again at once. */
    @Test
    void idsKeysAndCategoriesAreCheckedAcrossTheCatalogue() {
        String broken = SHIPPED_TEXT
                .replaceFirst("\"id\": \"revenue_office\"", "\"id\": \"civil_registry\"")
                .replaceFirst("\"category\": \"residence\"", "\"category\": \"housing\"")
                .replaceFirst("\"key\": \"vehicle_registration\"", "\"key\": \"address_registration\"");

        assertThat(schemaProblems(broken)).isEmpty();
        assertThatThrownBy(() -> Catalogue.read("broken.json", broken)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("invalid catalogue broken.json: /agencies/0/services/0/category: category"
                        + " 'housing' is not in the agency's dictionary; known: [residence, family_events, identity];"
                        + " /agencies/1/id: agency 'civil_registry' is listed twice; /agencies/")
                .hasMessageContaining("/key: service 'address_registration' is listed twice");
    }

    @Test
    void aTemplateLineNamesEveryPlaceholderItCannotFill() {
        String broken = SHIPPED_TEXT.replaceFirst("\"\\{overview}\"", "\"{opening_hours} {overview} {desk}\"");

        assertThatThrownBy(() -> Catalogue.read("broken.json", broken)).isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid catalogue broken.json: /reply_template/1: unknown placeholders {opening_hours},"
                        + " {desk}; known: " + Catalogue.PLACEHOLDERS);
    }

    /** The schema and the record the catalogue binds to declare the same members. */
    @Test
    void theSchemaAndTheRecordAgree() {
        assertThat(Catalogue.mismatches()).isEmpty();
    }

    @Test
    void aCatalogueMayNameItsSchemaAndNothingElseAtItsRoot() {
        assertThat(SHIPPED_TEXT).contains("\"$schema\"");
        assertThatThrownBy(() -> Catalogue.read("empty.json", "{\"$schema\": \"x\", \"country\": \"Nowhere\","
                + " \"reply_template\": [], \"agencies\": []}")).isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid catalogue empty.json: /agencies: must list at least one agency;"
                        + " /reply_template: must have at least one line");
    }
}
