// CategoriesOutput: what `:categories` / `kassa categories` show — every category, built in or
// the person's own. Text: `  slug  Name`; JSON: {"event": "categories", "categories":
// [{"slug", "name_en", "name_ru", "type", "own"}]}.

import KassaCore

struct CategoriesOutput: CommandOutput {
    let categories: [CategoryListing]

    func textLines(_ renderer: TextRenderer) -> [String] {
        let width = categories.map { renderer.shown($0.slug).count }.max() ?? 10
        return categories.map { "  " + renderer.pad(renderer.shown($0.slug), to: width) + "  " + ($0.info.names[renderer.catalog.language] ?? "") }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "categories")
        json.add("categories", raw: JSONWriter.array(categories.map { category in
            var item = JSONWriter()
            item.add("slug", category.slug)
            for language in Language.allCases { item.add(dynamicKey: "name_" + language.rawValue, category.info.names[language]) }
            item.add("type", category.type.rawValue)
            item.add("own", category.own)
            return item.result
        }))
        return [json]
    }
}
