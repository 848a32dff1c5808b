package dev.keel.stage;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidContractException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Reads stage contracts shipped as JSON resources, one file per stage id. Stateless and thread-safe. */
final class ContractResources {

    private ContractResources() {
    }

    /**
     * The contracts {@code ids}, each read from {@code directory + id + ".json"} next to {@code anchor}.
     *
     * @throws ConfigurationException when a resource is missing, unreadable, invalid or has another id
     */
    static List<StageContract> read(Class<?> anchor, String directory, List<String> ids) {
        Objects.requireNonNull(anchor, "anchor");
        if (directory == null || !directory.startsWith("/") || !directory.endsWith("/")) {
            throw new ConfigurationException("the contract directory must be an absolute resource path ending in '/',"
                    + " found '" + directory + "'");
        }
        List<StageContract> contracts = new ArrayList<>();
        for (String id : ids) {
            String resource = directory + id + ".json";
            try (InputStream in = anchor.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ConfigurationException("stage contract " + resource + " is missing from the class path");
                }
                StageContract contract = StageContract.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                if (!contract.id().equals(id)) {
                    throw new ConfigurationException("stage contract " + resource + " has the id '" + contract.id() + "'");
                }
                contracts.add(contract);
            } catch (IOException e) {
                throw new ConfigurationException("cannot read stage contract " + resource + ": " + e.getMessage(), e);
            } catch (InvalidContractException e) {
                throw new ConfigurationException("stage contract " + resource + " is invalid: " + e.getMessage(), e);
            }
        }
        return contracts;
    }
}
