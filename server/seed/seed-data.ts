/**
 * Static demo data: the category tree, territories, bid increment bands, demo users and the
 * product templates the seeder turns into listings. Everything here is plain data so the seeder
 * stays deterministic and the tests can read the same source of truth.
 */

import type { IncrementBand } from "../../core/bidding";

/** How many a seller tends to have in stock: one-offs, a handful, or shelves full. */
export type StockProfile = "unique" | "few" | "many";
/** Which conditions an item of this kind is listed in; "none" leaves it unspecified (pets). */
export type ConditionProfile = "any" | "gently" | "new" | "none";
/** Bulky goods are mostly collected; pets mostly too; everything else ships. */
export type DeliveryProfile = "ship" | "bulky" | "local";

export interface ProductTemplate {
  /** Also names the item's picture in server/seed/seed-drawings/catalog.ts (a test checks each has one). */
  title: string;
  description: string;
  /** Inclusive range the seeder draws the listing's price from. */
  priceCents: readonly [number, number];
  specs: Record<string, string>;
}

export interface SubcategorySeed {
  slug: string;
  name: string;
  description: string;
  stock: StockProfile;
  conditions: ConditionProfile;
  delivery: DeliveryProfile;
  /** Shipping price range when the seller charges for it. */
  shippingCents: readonly [number, number];
  templates: ProductTemplate[];
}

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  subcategories: SubcategorySeed[];
}

// Order matters: `position` follows it and the nav bar shows the first eight.
export const CATEGORY_TREE: CategorySeed[] = [
  {
    slug: "electronics",
    name: "Electronics",
    description: "Phones, computers, sound systems and gadgets from sellers across the islands.",
    subcategories: [
      {
        slug: "phones",
        name: "Phones",
        description: "Unlocked smartphones that work on Digicel, Flow and every island network.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [800, 1500],
        templates: [
          {
            title: "Samsung Galaxy A54 5G 128GB, Awesome Graphite",
            priceCents: [22_000, 32_000],
            description:
              "Unlocked and working on Digicel and Flow without any trouble. The screen is clean, with a tempered glass protector fitted since day one. Comes with the original box, USB-C cable and a clear case.",
            specs: {
              Brand: "Samsung",
              Storage: "128 GB",
              Network: "Unlocked 5G",
              Colour: "Awesome Graphite",
            },
          },
          {
            title: "iPhone 13 128GB Midnight, Unlocked",
            priceCents: [38_000, 52_000],
            description:
              "Battery health at 88% and Face ID works perfectly. Bought in Miami and used on Flow Jamaica for two years. A few light marks on the frame, none on the screen.",
            specs: {
              Brand: "Apple",
              Storage: "128 GB",
              "Battery health": "88%",
              Carrier: "Unlocked",
            },
          },
          {
            title: "Motorola Moto G Power with 5000mAh Battery",
            priceCents: [12_000, 17_000],
            description:
              "Two full days of battery, which is exactly what you want when the current goes during hurricane season. Dual SIM, so you can carry Digicel and Flow together. Includes a fast charger.",
            specs: { Brand: "Motorola", Storage: "64 GB", Battery: "5000 mAh", SIM: "Dual SIM" },
          },
          {
            title: "Google Pixel 7a 128GB, Sea Blue",
            priceCents: [26_000, 34_000],
            description:
              "The best camera at this price, and it makes the Caribbean Sea look like a postcard. Always kept in a case, no cracks or dents. Charger and cable included.",
            specs: { Brand: "Google", Storage: "128 GB", Colour: "Sea", Camera: "64 MP" },
          },
        ],
      },
      {
        slug: "computers",
        name: "Computers",
        description: "Laptops, desktops and monitors for school, work and the home office.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1200, 2500],
        templates: [
          {
            title: "Dell Inspiron 15 Laptop, Core i5, 16GB RAM",
            priceCents: [40_000, 55_000],
            description:
              "Solid work and school laptop with a fresh Windows 11 install. Full-size keyboard with a number pad, handy for accounts and spreadsheets. Charger included and the battery holds about five hours.",
            specs: {
              Brand: "Dell",
              Processor: "Intel Core i5-1235U",
              Memory: "16 GB",
              Storage: "512 GB SSD",
            },
          },
          {
            title: "MacBook Air M1 13-inch, Space Grey",
            priceCents: [55_000, 72_000],
            description:
              "Silent, fast, and the battery easily lasts a full day at the beach-bar office. Cycle count is under 200. Shipped in the original box with the USB-C charger.",
            specs: { Brand: "Apple", Chip: "M1", Memory: "8 GB", Storage: "256 GB" },
          },
          {
            title: "HP 24-inch IPS Monitor, Full HD",
            priceCents: [9_000, 14_000],
            description:
              "Crisp full HD display with thin bezels, perfect as a second screen for remote work. HDMI and VGA inputs and a tilting stand. No dead pixels.",
            specs: {
              Brand: "HP",
              Size: "24 in",
              Resolution: "1920 x 1080",
              Inputs: "HDMI, VGA",
            },
          },
          {
            title: "Lenovo ThinkPad T480, Refurbished",
            priceCents: [22_000, 30_000],
            description:
              "Business-grade laptop that shrugs off just about anything, salty air included. New SSD and a second battery pack fitted. Ideal for students heading off to UWI.",
            specs: {
              Brand: "Lenovo",
              Processor: "Intel Core i5-8350U",
              Memory: "8 GB",
              Storage: "256 GB SSD",
            },
          },
        ],
      },
      {
        slug: "audio",
        name: "Audio",
        description: "Speakers, headphones and sound gear for every lime and every fete.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [800, 2000],
        templates: [
          {
            title: "JBL Charge 5 Bluetooth Speaker, Waterproof",
            priceCents: [11_000, 16_000],
            description:
              "Loud enough for a beach lime and waterproof enough for the splash zone. Twenty hours of battery, and it doubles as a power bank. Teal colour, barely used.",
            specs: { Brand: "JBL", Battery: "20 hours", Rating: "IP67", Colour: "Teal" },
          },
          {
            title: "Sony WH-1000XM4 Noise Cancelling Headphones",
            priceCents: [18_000, 26_000],
            description:
              "Shuts out the rooster next door and the minibus music alike. The noise cancelling is superb and the battery lasts about thirty hours. Comes with the carry case and airplane adapter.",
            specs: {
              Brand: "Sony",
              Type: "Over-ear",
              Battery: "30 hours",
              "Noise cancelling": "Yes",
            },
          },
          {
            title: "Pioneer DJ DDJ-400 Controller",
            priceCents: [17_000, 24_000],
            description:
              "Learned to mix soca and dancehall on this one and now upgrading. All pads, jog wheels and faders work perfectly. USB cable included.",
            specs: {
              Brand: "Pioneer DJ",
              Channels: "2",
              Connection: "USB",
              Software: "rekordbox",
            },
          },
          {
            title: "Portable Sound System Speaker Box, 15-inch",
            priceCents: [25_000, 40_000],
            description:
              "Built for street parties and church events, with a 15-inch woofer and a horn tweeter. Wheels and a handle make it easy to move. Bluetooth, microphone and guitar inputs on the back.",
            specs: {
              Woofer: "15 in",
              Power: "800 W peak",
              Inputs: "Bluetooth, XLR, 1/4 in",
              Weight: "22 kg",
            },
          },
        ],
      },
      {
        slug: "cameras",
        name: "Cameras",
        description: "Cameras, action cams and drones to capture the islands at their best.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1000, 2000],
        templates: [
          {
            title: "Canon EOS Rebel T7 with 18-55mm Lens",
            priceCents: [32_000, 42_000],
            description:
              "A great first DSLR for shooting carnival and family events. Shutter count is around 6,000. Comes with two batteries, the charger, a strap and a 64GB card.",
            specs: {
              Brand: "Canon",
              Sensor: "24.1 MP APS-C",
              Lens: "EF-S 18-55mm",
              "Shutter count": "About 6,000",
            },
          },
          {
            title: "GoPro HERO10 Black with Dive Housing",
            priceCents: [22_000, 30_000],
            description:
              "Filmed every snorkelling trip in the Tobago Cays with this one. Includes the dive housing rated to 60 m, a floating handle and three batteries. The lens cover is scratch free.",
            specs: {
              Brand: "GoPro",
              Video: "5.3K 60fps",
              Waterproof: "10 m, 60 m with housing",
              Batteries: "3",
            },
          },
          {
            title: "DJI Mini 3 Drone, Fly More Combo",
            priceCents: [42_000, 55_000],
            description:
              "Under 250 g, so it is easy to fly on most islands, but do check the local drone rules. Three batteries, the charging hub and a shoulder bag are included. Never crashed.",
            specs: { Brand: "DJI", Weight: "249 g", "Flight time": "38 min", Video: "4K" },
          },
        ],
      },
      {
        slug: "gaming",
        name: "Gaming",
        description: "Consoles, controllers and games for rainy afternoons and tournament nights.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1000, 2200],
        templates: [
          {
            title: "PlayStation 5 Console, Disc Edition",
            priceCents: [40_000, 52_000],
            description:
              "Runs cool and quiet, always kept in an air-conditioned room. Includes one DualSense controller and all the original cables. Great for FIFA nights with the fellas.",
            specs: {
              Brand: "Sony",
              Model: "Disc Edition",
              Storage: "825 GB",
              Controllers: "1",
            },
          },
          {
            title: "Nintendo Switch OLED, White",
            priceCents: [25_000, 32_000],
            description:
              "Bright OLED screen, perfect for long ferry rides between the islands. The Joy-Cons have no drift. Comes with the dock, a case and Mario Kart 8.",
            specs: {
              Brand: "Nintendo",
              Model: "OLED",
              Storage: "64 GB",
              "Included game": "Mario Kart 8 Deluxe",
            },
          },
          {
            title: "Xbox Series S with Two Controllers",
            priceCents: [20_000, 26_000],
            description:
              "Compact console that fits on any entertainment stand. Two controllers, so a second player is ready straight away. Includes a one-month Game Pass code.",
            specs: {
              Brand: "Microsoft",
              Storage: "512 GB",
              Resolution: "Up to 1440p",
              Controllers: "2",
            },
          },
        ],
      },
    ],
  },
  {
    slug: "fashion",
    name: "Fashion",
    description: "Island style for women and men: clothing, shoes, bags and accessories.",
    subcategories: [
      {
        slug: "womens-clothing",
        name: "Women's Clothing",
        description: "Dresses, carnival wear and breezy linens made for the tropics.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [500, 1000],
        templates: [
          {
            title: "Madras Plaid Wrap Dress, Size M",
            priceCents: [4_500, 7_500],
            description:
              "Bright madras plaid in the traditional red, yellow and green, cut as a flattering wrap dress. Lightweight cotton that stays cool in the midday heat. Perfect for Emancipation Day and church harvest.",
            specs: { Size: "M", Material: "Cotton", Pattern: "Madras", Length: "Midi" },
          },
          {
            title: "Carnival Costume Bikini Set with Feathers",
            priceCents: [15_000, 35_000],
            description:
              "Front-line costume from last year's Trinidad Carnival, worn once on the road. Hand-beaded bra, belt and feather backpiece in turquoise and gold. Size S top, M bottom.",
            specs: {
              Size: "S top, M bottom",
              Colours: "Turquoise, gold",
              Pieces: "Bra, belt, backpiece, headpiece",
            },
          },
          {
            title: "Linen Wide-Leg Trousers, Sand",
            priceCents: [3_500, 5_500],
            description:
              "Relaxed linen trousers that go from the office to the waterfront. Elastic back waist and deep pockets. The sand colour goes with everything.",
            specs: { Size: "L", Material: "100% linen", Colour: "Sand", Fit: "Wide leg" },
          },
          {
            title: "Hand-Dyed Batik Sundress",
            priceCents: [4_000, 6_500],
            description:
              "Every piece is dyed by hand in a small studio in Barbados, so the pattern on yours is one of a kind. Adjustable straps and side pockets. Breezy enough for the hottest days.",
            specs: {
              Size: "M",
              Material: "Rayon",
              Technique: "Batik",
              "Made in": "Barbados",
            },
          },
        ],
      },
      {
        slug: "mens-clothing",
        name: "Men's Clothing",
        description: "Shirts, jerseys and linens for the office, the stands and the party.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [500, 1000],
        templates: [
          {
            title: "Guayabera Linen Shirt, White, Size L",
            priceCents: [4_000, 6_500],
            description:
              "Classic four-pocket guayabera with pintuck pleats, made in the Dominican Republic. Crisp, breathable linen for weddings and dinners. Ironed and ready to wear.",
            specs: { Size: "L", Material: "Linen", Colour: "White", Sleeve: "Short" },
          },
          {
            title: "West Indies Cricket Replica Jersey",
            priceCents: [3_000, 5_000],
            description:
              "Maroon replica shirt from the latest T20 series. Moisture-wicking fabric, just right for the stands at Kensington Oval. Size XL with the tags still attached.",
            specs: { Size: "XL", Colour: "Maroon", Material: "Polyester", Team: "West Indies" },
          },
          {
            title: "Tropical Print Short Sleeve Shirt",
            priceCents: [2_500, 4_000],
            description:
              "Palm leaves and hibiscus on a navy background: a proper island Friday shirt. Cotton blend that hardly creases in the suitcase. Size M.",
            specs: {
              Size: "M",
              Pattern: "Tropical",
              Colour: "Navy",
              Material: "Cotton blend",
            },
          },
        ],
      },
      {
        slug: "shoes",
        name: "Shoes",
        description: "Sneakers, sandals and boots, new and gently worn.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [800, 1500],
        templates: [
          {
            title: "Nike Air Force 1 '07, White, US 10",
            priceCents: [7_500, 11_000],
            description:
              "Crisp all-white pair, worn a handful of times and cleaned after every wear. Original box included. True to size.",
            specs: { Brand: "Nike", Size: "US 10", Colour: "White", Box: "Yes" },
          },
          {
            title: "Handmade Leather Sandals",
            priceCents: [3_500, 6_000],
            description:
              "Stitched by a cobbler in Saint Lucia from locally tanned leather. The soft footbed moulds to your foot within a week. Several sizes available, send a message with yours.",
            specs: {
              Material: "Leather",
              Sole: "Rubber",
              Sizes: "US 6-11",
              "Made in": "Saint Lucia",
            },
          },
          {
            title: "Clarks Desert Boots, Sand Suede, UK 9",
            priceCents: [6_000, 9_000],
            description:
              "A Jamaican favourite for decades, in sand suede with the crepe sole. Lightly worn and brushed clean. Fits true to UK sizing.",
            specs: { Brand: "Clarks", Size: "UK 9", Material: "Suede", Sole: "Crepe" },
          },
          {
            title: "Adidas Ultraboost Running Shoes, US 9",
            priceCents: [6_500, 10_000],
            description:
              "Comfortable enough for the early run along the boardwalk before the sun gets hot. About 100 km on them, with plenty of cushioning left.",
            specs: { Brand: "Adidas", Size: "US 9", Colour: "Core black", Use: "Running" },
          },
        ],
      },
      {
        slug: "bags",
        name: "Bags",
        description: "Totes, crossbodies and dry bags for market day and boat day.",
        stock: "few",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [600, 1200],
        templates: [
          {
            title: "Woven Straw Beach Tote",
            priceCents: [2_500, 4_500],
            description:
              "Hand-woven from palm straw by artisans in Haiti, with leather handles. Big enough for towels, sunscreen and a book. Cotton lining with a zip pocket.",
            specs: {
              Material: "Palm straw, leather",
              Size: "45 x 35 cm",
              Lining: "Cotton",
              "Made in": "Haiti",
            },
          },
          {
            title: "Michael Kors Leather Crossbody Bag",
            priceCents: [9_000, 14_000],
            description:
              "Genuine pebbled leather in luggage brown with gold hardware. Adjustable strap and two inner pockets. Authentic, bought at the duty-free in Philipsburg.",
            specs: {
              Brand: "Michael Kors",
              Material: "Leather",
              Colour: "Luggage",
              Strap: "Adjustable",
            },
          },
          {
            title: "Waterproof Dry Bag Backpack, 30L",
            priceCents: [3_000, 5_000],
            description:
              "Roll-top dry bag that keeps your phone and clothes dry on boat trips and river tubing. Padded straps and a zipped front pocket. Bright yellow, so nothing gets lost.",
            specs: {
              Capacity: "30 L",
              Material: "PVC tarpaulin",
              Closure: "Roll-top",
              Colour: "Yellow",
            },
          },
        ],
      },
      {
        slug: "hats-accessories",
        name: "Hats & Accessories",
        description: "Straw hats, sunglasses and the finishing touches of an island outfit.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [500, 900],
        templates: [
          {
            title: "Handwoven Jippi Jappa Straw Hat",
            priceCents: [4_000, 7_000],
            description:
              "Finely woven from jippi jappa palm, the traditional Caribbean hat straw. The wide brim keeps the sun off your face and neck. Fits a 58 cm head.",
            specs: { Material: "Jippi jappa palm", Brim: "9 cm", Size: "58 cm" },
          },
          {
            title: "Ray-Ban Wayfarer Sunglasses, Polarised",
            priceCents: [9_000, 13_000],
            description:
              "Polarised lenses cut the glare off the water on boat days. Genuine, with the case and cleaning cloth. No scratches.",
            specs: { Brand: "Ray-Ban", Model: "RB2140", Lenses: "Polarised G-15", Case: "Yes" },
          },
          {
            title: "Rasta Colours Crocheted Tam",
            priceCents: [1_500, 2_500],
            description:
              "Crocheted by hand in red, gold and green, and roomy enough for locs. Soft cotton yarn that stays cool in island weather.",
            specs: {
              Material: "Cotton yarn",
              Colours: "Red, gold, green",
              Size: "One size",
              "Made in": "Jamaica",
            },
          },
        ],
      },
    ],
  },
  {
    slug: "home",
    name: "Home & Garden",
    description: "Furniture, kitchenware, decor and plants for island homes and verandahs.",
    subcategories: [
      {
        slug: "furniture",
        name: "Furniture",
        description: "Mahogany, teak and rattan pieces for the living room and the verandah.",
        stock: "unique",
        conditions: "any",
        delivery: "bulky",
        shippingCents: [5_000, 15_000],
        templates: [
          {
            title: "Mahogany Planter's Chair",
            priceCents: [45_000, 80_000],
            description:
              "Traditional planter's chair with long swing-out arms for putting your feet up on the verandah. Solid Caribbean mahogany, refinished last year. Pickup preferred because of the size.",
            specs: {
              Wood: "Mahogany",
              Finish: "Satin",
              Dimensions: "100 x 65 x 95 cm",
              Age: "Around 1960s",
            },
          },
          {
            title: "Teak Outdoor Dining Set, 6 Seats",
            priceCents: [90_000, 140_000],
            description:
              "Grade A teak table with six chairs that takes sun and rain all year. Oiled every season. The table seats six comfortably for Sunday lunch.",
            specs: { Material: "Teak", Seats: "6", Table: "180 x 90 cm", Care: "Oiled seasonally" },
          },
          {
            title: "Rattan Hanging Egg Chair with Stand",
            priceCents: [18_000, 26_000],
            description:
              "Swinging egg chair with a sturdy steel stand and a thick cushion. The perfect corner for reading in the sea breeze. The cushion cover is washable.",
            specs: { Material: "Rattan, steel", "Max load": "120 kg", Cushion: "Washable cover" },
          },
          {
            title: "Three-Seat Sofa, Ocean Blue Fabric",
            priceCents: [35_000, 55_000],
            description:
              "Comfortable three-seater in a hard-wearing ocean-blue fabric, from a smoke-free, pet-free home. Moving overseas, so it must go. Local pickup or island delivery by arrangement.",
            specs: {
              Seats: "3",
              Colour: "Ocean blue",
              Dimensions: "210 x 90 cm",
              Frame: "Hardwood",
            },
          },
        ],
      },
      {
        slug: "kitchen-dining",
        name: "Kitchen & Dining",
        description: "Dutch pots, blenders and serving ware for Sunday dinner.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [800, 1800],
        templates: [
          {
            title: "Cast Aluminium Dutch Pot, Size 10",
            priceCents: [3_000, 5_500],
            description:
              "The real dutchie for rice and peas, stew chicken and Saturday soup. Heavy cast aluminium that heats evenly and lasts for generations. Lid included.",
            specs: {
              Material: "Cast aluminium",
              Size: "No. 10",
              Capacity: "8 L",
              "Made in": "Jamaica",
            },
          },
          {
            title: "Ninja Professional Blender, 1000W",
            priceCents: [7_000, 10_000],
            description:
              "Crushes ice for smoothies and frozen drinks in seconds. The 72 oz pitcher and all blades are included. Lightly used, it is just too big for my counter.",
            specs: { Brand: "Ninja", Power: "1000 W", Capacity: "72 oz", Speeds: "3" },
          },
          {
            title: "Hand-Painted Calabash Bowl Set",
            priceCents: [2_500, 4_000],
            description:
              "Four serving bowls made from dried calabash gourds and painted with hummingbirds. Sealed for dry foods and fruit. A lovely gift.",
            specs: {
              Pieces: "4",
              Material: "Calabash gourd",
              Finish: "Food-safe sealant",
              "Made in": "Saint Lucia",
            },
          },
        ],
      },
      {
        slug: "home-decor",
        name: "Home Decor",
        description: "Driftwood, sea glass and woven pieces that bring the beach indoors.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [700, 1500],
        templates: [
          {
            title: "Driftwood Table Lamp",
            priceCents: [5_000, 9_000],
            description:
              "Built from driftwood collected on Grace Bay after storms, with a natural linen shade. Every piece is unique, so the shape of the wood varies. Warm light for a beach-house feel.",
            specs: { Material: "Driftwood, linen", Height: "55 cm", Bulb: "E26 LED included" },
          },
          {
            title: "Sea Glass Wind Chime",
            priceCents: [2_000, 3_500],
            description:
              "Made with frosted sea glass gathered on the east coast beaches. A gentle tinkle in the trade winds. Hangs about 60 cm long.",
            specs: { Material: "Sea glass, driftwood", Length: "60 cm", "Made in": "Barbados" },
          },
          {
            title: "Woven Seagrass Wall Baskets, Set of 3",
            priceCents: [3_500, 6_000],
            description:
              "Flat woven baskets that make a lovely feature wall. Three sizes, with hanging loops already attached. Natural seagrass with a black spiral.",
            specs: { Pieces: "3", Sizes: "30, 40, 50 cm", Material: "Seagrass" },
          },
          {
            title: "Hummingbird Throw Pillows, Pair",
            priceCents: [2_500, 4_000],
            description:
              "The doctor bird embroidered on soft cotton covers, inserts included. Brightens any sofa. The covers zip off for washing.",
            specs: { Pieces: "2", Size: "45 x 45 cm", Material: "Cotton", Inserts: "Included" },
          },
        ],
      },
      {
        slug: "garden-outdoor",
        name: "Garden & Outdoor",
        description: "Palms, orchids, hammocks and everything for the yard.",
        stock: "few",
        conditions: "new",
        delivery: "ship",
        shippingCents: [1_000, 2_500],
        templates: [
          {
            title: "Potted Dwarf Coconut Palm",
            priceCents: [3_500, 6_500],
            description:
              "Malayan dwarf coconut palm about 1.2 m tall in a 15 gallon pot, already putting out its first flowers. Pickup only, and we will help you load it.",
            specs: {
              Height: "1.2 m",
              Pot: "15 gallon",
              Variety: "Malayan dwarf",
              Delivery: "Pickup only",
            },
          },
          {
            title: "Cotton Rope Hammock with Stand",
            priceCents: [9_000, 15_000],
            description:
              "Two-person cotton rope hammock with a powder-coated steel stand, so no trees are needed. Sets up in ten minutes. Weather-resistant finish.",
            specs: {
              Capacity: "2 people",
              "Max load": "200 kg",
              Material: "Cotton rope, steel",
              Length: "4 m",
            },
          },
          {
            title: "Orchid Collection, 5 Blooming Plants",
            priceCents: [4_000, 7_000],
            description:
              "Five healthy dendrobium and oncidium orchids in bloom, grown in our shade house. Mounted on tree fern and ready to hang. Care tips included.",
            specs: {
              Plants: "5",
              Varieties: "Dendrobium, oncidium",
              Mount: "Tree fern",
              Light: "Partial shade",
            },
          },
          {
            title: "Solar Garden Lights, Pack of 12",
            priceCents: [2_000, 3_500],
            description:
              "They charge all day in the Caribbean sun and light the path all night. Warm white LEDs that stake into the ground, with no wiring. Eight months of warranty left.",
            specs: {
              Pieces: "12",
              Light: "Warm white LED",
              Runtime: "Up to 10 hours",
              Power: "Solar",
            },
          },
        ],
      },
    ],
  },
  {
    slug: "cars",
    name: "Cars",
    description: "Cars, trucks, bikes, boats and parts, sold by owners and dealers.",
    subcategories: [
      {
        slug: "cars-trucks",
        name: "Cars & Trucks",
        description: "Sedans, pickups and island jeeps, right- and left-hand drive.",
        stock: "unique",
        conditions: "any",
        delivery: "bulky",
        shippingCents: [50_000, 120_000],
        templates: [
          {
            title: "2016 Toyota Corolla, Automatic, 78,000 km",
            priceCents: [950_000, 1_350_000],
            description:
              "One owner, dealer serviced and never in an accident. Cold AC, new tyres and the fitness is valid until next year. Price negotiable for serious buyers.",
            specs: {
              Make: "Toyota",
              Model: "Corolla",
              Year: "2016",
              Mileage: "78,000 km",
              Transmission: "Automatic",
            },
          },
          {
            title: "2014 Nissan Navara Double Cab 4x4",
            priceCents: [1_400_000, 1_900_000],
            description:
              "Strong diesel pickup that takes the farm roads in the hills with ease. Bed liner, tow bar and roll bar fitted. Some cosmetic scratches from the bush.",
            specs: {
              Make: "Nissan",
              Model: "Navara",
              Year: "2014",
              Engine: "2.5 L diesel",
              Drive: "4x4",
            },
          },
          {
            title: "2018 Honda Fit, Low Mileage",
            priceCents: [850_000, 1_100_000],
            description:
              "The perfect little island car: easy to park in town and light on gas. 45,000 km with a full service history. Right-hand drive.",
            specs: {
              Make: "Honda",
              Model: "Fit",
              Year: "2018",
              Mileage: "45,000 km",
              Steering: "Right-hand drive",
            },
          },
          {
            title: "2012 Suzuki Jimny 4x4 Soft Top",
            priceCents: [700_000, 950_000],
            description:
              "The classic island jeep for beach trips and rough roads. Soft top replaced last year. Rust treated and mechanically sound.",
            specs: { Make: "Suzuki", Model: "Jimny", Year: "2012", Drive: "4x4", Roof: "Soft top" },
          },
        ],
      },
      {
        slug: "motorcycles-scooters",
        name: "Motorcycles & Scooters",
        description:
          "Scooters for town, dirt bikes for the trails and e-scooters for everything else.",
        stock: "unique",
        conditions: "any",
        delivery: "bulky",
        shippingCents: [10_000, 30_000],
        templates: [
          {
            title: "2020 Honda PCX 150 Scooter",
            priceCents: [220_000, 300_000],
            description:
              "Reliable commuter that sips fuel, with 12,000 km on the clock. New battery and rear tyre. Top box and two helmets included.",
            specs: { Make: "Honda", Model: "PCX 150", Year: "2020", Mileage: "12,000 km" },
          },
          {
            title: "Yamaha YZ250F Dirt Bike",
            priceCents: [350_000, 480_000],
            description:
              "Race-ready four-stroke, serviced after every season. Great on the trails up in the Blue Mountains. Papers in order.",
            specs: { Make: "Yamaha", Model: "YZ250F", Year: "2017", Engine: "250 cc" },
          },
          {
            title: "Electric Scooter, 45 km Range",
            priceCents: [45_000, 70_000],
            description:
              "Zip around town without buying gas. The folding frame fits in a car trunk. Charger included, and the battery is good for about 45 km.",
            specs: { Range: "45 km", "Top speed": "25 km/h", Weight: "14 kg", Foldable: "Yes" },
          },
        ],
      },
      {
        slug: "auto-parts",
        name: "Auto Parts",
        description: "Rims, batteries, lights and spares for Japanese and American vehicles.",
        stock: "many",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1_500, 4_000],
        templates: [
          {
            title: "Set of 4 Alloy Rims, 16-inch",
            priceCents: [40_000, 65_000],
            description:
              "Five-spoke alloy rims that fit most Toyota and Honda sedans. No cracks or bends, just light curb rash on one. Tyres not included.",
            specs: { Size: "16 in", "Bolt pattern": "5x114.3", Pieces: "4", Finish: "Silver" },
          },
          {
            title: "Car Battery, 12V 60Ah",
            priceCents: [12_000, 16_000],
            description:
              "Maintenance-free battery with 18 months of warranty. Fits most Japanese sedans and small SUVs. Fitted free in Port of Spain.",
            specs: { Voltage: "12 V", Capacity: "60 Ah", CCA: "550", Warranty: "18 months" },
          },
          {
            title: "Toyota Hiace Headlight Assembly, Pair",
            priceCents: [15_000, 25_000],
            description:
              "Left and right headlight assemblies for 2010-2018 Toyota Hiace vans. Clear lenses, all tabs intact. Ideal for route taxi owners.",
            specs: { Fits: "Toyota Hiace 2010-2018", Pieces: "2", Side: "Left and right" },
          },
        ],
      },
      {
        slug: "boats-marine",
        name: "Boats & Marine",
        description: "Pirogues, sailboats and the gear that keeps them afloat.",
        stock: "unique",
        conditions: "any",
        delivery: "bulky",
        shippingCents: [20_000, 60_000],
        templates: [
          {
            title: "18 ft Fibreglass Pirogue with 40HP Yamaha",
            priceCents: [550_000, 800_000],
            description:
              "Sturdy fishing pirogue with a Yamaha 40HP outboard, serviced this year. Comes with a trailer, life jackets and fuel tank. Ready for the fishing season.",
            specs: {
              Length: "18 ft",
              Hull: "Fibreglass",
              Engine: "Yamaha 40 HP",
              Trailer: "Included",
            },
          },
          {
            title: "Hobie Cat 16 Catamaran",
            priceCents: [350_000, 500_000],
            description:
              "Fast, fun beach catamaran with a new trampoline and sails in good shape. Beach dolly included. Sailed in the Grenada regattas.",
            specs: { Length: "16 ft", Sails: "Main and jib", Crew: "2", Dolly: "Included" },
          },
          {
            title: "Handheld Marine VHF Radio, Waterproof",
            priceCents: [12_000, 18_000],
            description:
              "Floating handheld VHF with all international channels and weather alerts. Two batteries and a charging cradle. Essential safety kit for any boat.",
            specs: { Power: "6 W", Waterproof: "IPX7", Floats: "Yes", Batteries: "2" },
          },
        ],
      },
    ],
  },
  {
    slug: "animals",
    name: "Animals",
    description: "Pets from responsible breeders and rescues, and supplies to look after them.",
    subcategories: [
      {
        slug: "dogs",
        name: "Dogs",
        description: "Puppies and rescue dogs looking for a loving home.",
        stock: "few",
        conditions: "none",
        delivery: "local",
        shippingCents: [5_000, 10_000],
        templates: [
          {
            title: "Labrador Retriever Puppies, Vaccinated",
            priceCents: [60_000, 90_000],
            description:
              "Healthy chocolate and black Lab puppies raised in our home with children. First vaccines and deworming done, with the vet record included. Ready for their new families at eight weeks.",
            specs: {
              Breed: "Labrador Retriever",
              Age: "8 weeks",
              Vaccinated: "Yes",
              Dewormed: "Yes",
            },
          },
          {
            title: "Rottweiler Puppy, Male",
            priceCents: [70_000, 110_000],
            description:
              "Big-boned male from champion bloodlines with a calm temperament. You can meet both parents. Vaccinated and microchipped.",
            specs: { Breed: "Rottweiler", Sex: "Male", Age: "10 weeks", Microchipped: "Yes" },
          },
          {
            title: "Potcake Rescue Pup, Adoption Fee",
            priceCents: [5_000, 10_000],
            description:
              "A sweet, playful potcake looking for a forever home. Spayed, vaccinated and house-trained. The adoption fee goes back to our rescue shelter.",
            specs: {
              Breed: "Potcake (mixed)",
              Age: "5 months",
              Spayed: "Yes",
              Vaccinated: "Yes",
            },
          },
        ],
      },
      {
        slug: "cats",
        name: "Cats",
        description: "Kittens and cats from home breeders and island shelters.",
        stock: "few",
        conditions: "none",
        delivery: "local",
        shippingCents: [5_000, 10_000],
        templates: [
          {
            title: "Persian Kittens, Silver and White",
            priceCents: [40_000, 65_000],
            description:
              "Fluffy, gentle kittens raised indoors with air conditioning. Litter trained and eating dry food. First vaccines done.",
            specs: {
              Breed: "Persian",
              Age: "12 weeks",
              "Litter trained": "Yes",
              Vaccinated: "Yes",
            },
          },
          {
            title: "Bengal Kitten, Spotted",
            priceCents: [60_000, 90_000],
            description:
              "Striking spotted coat and a very playful personality. Registered parents and a health guarantee. Pickup in Nassau.",
            specs: {
              Breed: "Bengal",
              Age: "14 weeks",
              Registered: "Yes",
              "Health guarantee": "1 year",
            },
          },
          {
            title: "Rescue Kittens, Pair of Sisters",
            priceCents: [2_500, 5_000],
            description:
              "Two sweet sister kittens who must go together. Spayed, vaccinated and very affectionate. The adoption fee supports the island animal shelter.",
            specs: { Age: "4 months", Sex: "Female", Spayed: "Yes", Pair: "Must go together" },
          },
        ],
      },
      {
        slug: "birds",
        name: "Birds",
        description: "Parrots, lovebirds and racing pigeons with their papers in order.",
        stock: "few",
        conditions: "none",
        delivery: "local",
        shippingCents: [4_000, 8_000],
        templates: [
          {
            title: "Hand-Raised African Grey Parrot",
            priceCents: [150_000, 220_000],
            description:
              "Talks, whistles and loves a head scratch. Raised by hand, and comes with a ring and CITES paperwork. A large cage is available separately.",
            specs: {
              Species: "African Grey",
              Age: "2 years",
              Talks: "Yes",
              Paperwork: "CITES",
            },
          },
          {
            title: "Pair of Lovebirds with Cage",
            priceCents: [8_000, 14_000],
            description:
              "Bonded pair of peach-faced lovebirds, bright and healthy. Comes with the cage, food and perches. Lovely chatter every morning.",
            specs: { Species: "Peach-faced lovebird", Pair: "Bonded", Cage: "Included" },
          },
          {
            title: "Racing Pigeons, Set of 6",
            priceCents: [6_000, 12_000],
            description:
              "Strong homers from proven racing lines, ready to train for the next season. Ringed and healthy.",
            specs: { Breed: "Racing homer", Birds: "6", Ringed: "Yes" },
          },
        ],
      },
      {
        slug: "aquarium-fish",
        name: "Aquarium & Fish",
        description: "Tropical fish, pond koi and complete tank setups.",
        stock: "many",
        conditions: "none",
        delivery: "local",
        shippingCents: [1_500, 3_000],
        templates: [
          {
            title: "Fancy Guppies, Breeding Group",
            priceCents: [2_000, 4_000],
            description:
              "Two males and four females with bright blue and red tails, bred in our backyard tanks. Pickup, or courier in a breathable bag.",
            specs: { Species: "Guppy", Group: "2 males, 4 females", Water: "Freshwater" },
          },
          {
            title: "Koi Fish, 8-10 Inch",
            priceCents: [4_000, 8_000],
            description:
              "Healthy koi in mixed colours, raised in an outdoor pond. Great for garden ponds with a bit of shade. Price per fish.",
            specs: { Species: "Koi", Size: "8-10 in", Water: "Freshwater pond" },
          },
          {
            title: "40 Gallon Aquarium with Filter and Stand",
            priceCents: [15_000, 25_000],
            description:
              "Complete setup with canister filter, heater, LED light and a black wooden stand. No leaks, only emptied because we are moving. Pickup only.",
            specs: { Capacity: "40 gal", Filter: "Canister", Stand: "Included", Light: "LED" },
          },
        ],
      },
      {
        slug: "pet-supplies",
        name: "Pet Supplies",
        description: "Food, bowls, beds and toys for the animals in your life.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [700, 2_000],
        templates: [
          {
            title: "Stainless Steel Dog Bowls, Set of 2",
            priceCents: [1_500, 2_500],
            description:
              "Heavy, non-slip bowls that do not tip over on the porch. Dishwasher safe. Sized for medium and large dogs.",
            specs: {
              Material: "Stainless steel",
              Capacity: "1.8 L each",
              Base: "Non-slip rubber",
            },
          },
          {
            title: "Cat Tree Tower, 150 cm",
            priceCents: [6_000, 9_000],
            description:
              "Five levels of platforms, sisal scratching posts and a hideaway. Keeps your cat off the curtains. Easy to assemble.",
            specs: { Height: "150 cm", Levels: "5", Posts: "Sisal" },
          },
          {
            title: "Premium Dry Dog Food, 15 kg",
            priceCents: [5_500, 8_000],
            description:
              "High-protein chicken and rice formula for adult dogs. Imported, in a sealed bag with a long expiry. Bulk discount for three bags or more.",
            specs: { Weight: "15 kg", Formula: "Chicken and rice", "Life stage": "Adult" },
          },
        ],
      },
    ],
  },
  {
    slug: "art",
    name: "Art",
    description: "Original paintings, sculpture, prints and photography by Caribbean artists.",
    subcategories: [
      {
        slug: "paintings",
        name: "Paintings",
        description: "Oils, acrylics and watercolours straight from island studios.",
        stock: "unique",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [2_500, 6_000],
        templates: [
          {
            title: "Original Oil Painting, Fishing Boats at Dawn",
            priceCents: [40_000, 90_000],
            description:
              "Colourful pirogues pulled up on the sand at Gouyave as the sun rises. Oil on canvas by a Grenadian painter, signed on the front. Framed in local cedar.",
            specs: {
              Medium: "Oil on canvas",
              Size: "60 x 90 cm",
              Frame: "Cedar",
              Signed: "Yes",
            },
          },
          {
            title: "Haitian Market Scene, Acrylic on Canvas",
            priceCents: [25_000, 60_000],
            description:
              "Vibrant Haitian naive painting of a busy market, with women carrying baskets of fruit. Bought directly from the artist in Jacmel. Unframed and ready to stretch.",
            specs: {
              Medium: "Acrylic on canvas",
              Size: "50 x 70 cm",
              Style: "Haitian naive",
              Signed: "Yes",
            },
          },
          {
            title: "Watercolour of Pigeon Point, Tobago",
            priceCents: [15_000, 30_000],
            description:
              "Delicate watercolour of the famous jetty and the turquoise water around it. Matted and framed under glass. The perfect reminder of a Tobago holiday.",
            specs: { Medium: "Watercolour", Size: "30 x 40 cm", Frame: "Glass, white mat" },
          },
          {
            title: "Abstract Carnival Colours, Large Canvas",
            priceCents: [50_000, 120_000],
            description:
              "A bold, energetic abstract inspired by J'ouvert morning, with splashes of paint, powder and mud tones. A statement piece for a large wall. Signed and dated on the back.",
            specs: { Medium: "Mixed media", Size: "100 x 120 cm", Signed: "Yes", Year: "2023" },
          },
        ],
      },
      {
        slug: "sculpture",
        name: "Sculpture",
        description: "Carved hardwoods, cast bronze and Haitian metal art.",
        stock: "unique",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [3_000, 8_000],
        templates: [
          {
            title: "Lignum Vitae Carved Figure",
            priceCents: [20_000, 45_000],
            description:
              "Hand-carved from lignum vitae, one of the hardest woods in the world and Jamaica's national flower tree. A smooth polished finish shows off the dark heartwood. About 40 cm tall.",
            specs: { Material: "Lignum vitae", Height: "40 cm", Finish: "Polished" },
          },
          {
            title: "Bronze Sea Turtle Sculpture",
            priceCents: [35_000, 60_000],
            description:
              "Cast bronze hawksbill turtle with a rich green patina. Heavy and stable, for indoor or garden display. Numbered edition of 25.",
            specs: { Material: "Bronze", Length: "35 cm", Edition: "8 of 25", Weight: "6 kg" },
          },
          {
            title: "Haitian Steel Drum Metal Art, Tree of Life",
            priceCents: [12_000, 25_000],
            description:
              "Cut and hammered from a recycled oil drum in Croix-des-Bouquets, Haiti. Tree of life design with birds and fish. Ready to hang indoors or out.",
            specs: {
              Material: "Recycled steel drum",
              Size: "60 cm diameter",
              "Made in": "Haiti",
            },
          },
        ],
      },
      {
        slug: "prints-posters",
        name: "Prints & Posters",
        description: "Giclées, vintage travel posters and maps to frame.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [800, 1_500],
        templates: [
          {
            title: "Vintage Caribbean Travel Poster Print",
            priceCents: [2_500, 4_500],
            description:
              "Retro-style print of a seaplane over the harbour on heavy matte paper. Sized for a standard frame. Ships rolled in a tube.",
            specs: { Size: "50 x 70 cm", Paper: "250 gsm matte", Frame: "Not included" },
          },
          {
            title: "Limited Edition Giclée, Hummingbird",
            priceCents: [8_000, 15_000],
            description:
              "Archival giclée of an original painting of the doctor bird, signed and numbered by the artist. Printed on cotton rag paper. Certificate of authenticity included.",
            specs: {
              Edition: "42 of 100",
              Size: "40 x 50 cm",
              Paper: "Cotton rag",
              Signed: "Yes",
            },
          },
          {
            title: "Antique Map of the West Indies, Reproduction",
            priceCents: [3_000, 6_000],
            description:
              "Reproduction of an 18th-century sea chart of the West Indies, complete with compass roses and sea monsters. Aged-paper look. Great for a study or a bar.",
            specs: { Size: "60 x 90 cm", "Era reproduced": "1760s", Frame: "Not included" },
          },
        ],
      },
      {
        slug: "photography",
        name: "Photography",
        description: "Fine-art prints of island landscapes, seascapes and street life.",
        stock: "few",
        conditions: "new",
        delivery: "ship",
        shippingCents: [1_200, 3_000],
        templates: [
          {
            title: "Bioluminescent Bay Photo Print, Vieques",
            priceCents: [9_000, 18_000],
            description:
              "Long-exposure photograph of the glowing water of Mosquito Bay in Vieques. Printed on metal for deep blues. Ready to hang on a floating mount.",
            specs: { Print: "Metal", Size: "50 x 75 cm", Mount: "Floating" },
          },
          {
            title: "Black and White Kingston Street Photo",
            priceCents: [6_000, 12_000],
            description:
              "Candid black and white street scene from downtown Kingston, printed from the original negative. Signed by the photographer on archival paper.",
            specs: { Print: "Silver gelatin", Size: "30 x 40 cm", Signed: "Yes" },
          },
          {
            title: "Aerial Photo of Shoal Bay, Anguilla",
            priceCents: [8_000, 16_000],
            description:
              "Drone photograph of the turquoise shallows and white sand of Shoal Bay East. Printed on stretched canvas. The colours are true to life.",
            specs: { Print: "Canvas", Size: "60 x 90 cm", "Shot with": "Drone" },
          },
        ],
      },
    ],
  },
  {
    slug: "jewelry",
    name: "Jewelry",
    description: "Larimar, conch pearl, gold and silver pieces made in and for the Caribbean.",
    subcategories: [
      {
        slug: "necklaces-pendants",
        name: "Necklaces & Pendants",
        description: "Chains, pendants and beadwork, from everyday to heirloom.",
        stock: "few",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [500, 1_200],
        templates: [
          {
            title: "Larimar Pendant in Sterling Silver",
            priceCents: [6_000, 12_000],
            description:
              "Larimar is found only in the Dominican Republic, and this stone has the classic sky-blue and white pattern. Set in sterling silver on an 18-inch chain. Gift box included.",
            specs: {
              Stone: "Larimar",
              Metal: "Sterling silver",
              Chain: "18 in",
              Origin: "Dominican Republic",
            },
          },
          {
            title: "14k Gold Island Pendant, Jamaica",
            priceCents: [18_000, 30_000],
            description:
              "Solid 14k gold pendant in the shape of Jamaica, with a tiny star on Kingston. Comes on a fine gold chain. A lovely gift for anyone far from home.",
            specs: { Metal: "14k gold", Chain: "18 in", Pendant: "2.5 cm" },
          },
          {
            title: "Conch Pearl Drop Necklace, 18k Rose Gold",
            priceCents: [45_000, 90_000],
            description:
              "A rare pink conch pearl with a natural flame pattern, set in 18k rose gold. Conch pearls cannot be cultured, which makes each one special. Certificate included.",
            specs: {
              Stone: "Conch pearl",
              Metal: "18k rose gold",
              Pearl: "6 mm",
              Certificate: "Yes",
            },
          },
          {
            title: "Seed Bead Collar Necklace",
            priceCents: [2_000, 4_000],
            description:
              "Layers of tiny glass seed beads in turquoise, coral and gold, beaded by hand in Belize. Lightweight and adjustable. A colourful statement piece.",
            specs: { Material: "Glass seed beads", Length: "Adjustable", "Made in": "Belize" },
          },
        ],
      },
      {
        slug: "rings",
        name: "Rings",
        description: "Engagement rings, signets and island-made silver.",
        stock: "few",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [500, 1_200],
        templates: [
          {
            title: "Sterling Silver Hibiscus Ring",
            priceCents: [3_500, 6_000],
            description:
              "A delicate hibiscus flower in sterling silver by a jeweller in Basseterre. Size 7, and it can be resized. Polished and oxidised to bring out the detail.",
            specs: { Metal: "Sterling silver", Size: "7", "Made in": "Saint Kitts and Nevis" },
          },
          {
            title: "Diamond Solitaire Engagement Ring, 0.5 ct",
            priceCents: [150_000, 250_000],
            description:
              "Half-carat round brilliant in a classic 14k white gold solitaire setting. Comes with an appraisal from a jeweller in George Town. Size 6.",
            specs: { Stone: "Diamond", Carat: "0.5 ct", Metal: "14k white gold", Size: "6" },
          },
          {
            title: "Men's Signet Ring, Gold Plated",
            priceCents: [4_000, 7_000],
            description:
              "A chunky signet ring with room for engraving on the face. Gold-plated sterling silver. Size 10.",
            specs: { Metal: "Gold-plated silver", Size: "10", Engraving: "Available" },
          },
        ],
      },
      {
        slug: "earrings",
        name: "Earrings",
        description: "Hoops, studs and drops in gold, silver, sea glass and shell.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [400, 900],
        templates: [
          {
            title: "Sea Glass Drop Earrings",
            priceCents: [2_500, 4_500],
            description:
              "Genuine sea glass in soft aqua, wrapped in sterling silver wire. Light enough for all-day wear. Each pair is a little different.",
            specs: { Material: "Sea glass", Metal: "Sterling silver", Length: "4 cm" },
          },
          {
            title: "Gold Bamboo Hoop Earrings, 14k",
            priceCents: [12_000, 20_000],
            description:
              "Classic bamboo-style hoops in 14k gold, the kind your auntie wore to every wedding. Lightweight hollow design with a secure snap closure.",
            specs: { Metal: "14k gold", Size: "40 mm", Style: "Bamboo hoop" },
          },
          {
            title: "Coconut Shell Turtle Stud Earrings",
            priceCents: [1_200, 2_500],
            description:
              "Hand-carved from coconut shell into little turtles and polished with natural oil. Hypoallergenic posts. An eco-friendly gift.",
            specs: { Material: "Coconut shell", Posts: "Surgical steel", Design: "Sea turtle" },
          },
        ],
      },
      {
        slug: "bracelets-bangles",
        name: "Bracelets & Bangles",
        description: "Hook bracelets, bangles and beaded pieces.",
        stock: "many",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [400, 900],
        templates: [
          {
            title: "Caribbean Hook Bracelet, Sterling Silver",
            priceCents: [6_000, 10_000],
            description:
              "The famous island hook bracelet: hook facing in means your heart is taken, facing out means you are still looking. Solid sterling silver with a polished finish.",
            specs: { Metal: "Sterling silver", Size: "Medium", Style: "Hook" },
          },
          {
            title: "Gold Tone Bangle Set of 7",
            priceCents: [2_500, 4_500],
            description:
              "Seven slim bangles with a lovely jingle. Gold-tone stainless steel that does not tarnish at the beach. One size fits most.",
            specs: { Pieces: "7", Metal: "Stainless steel, gold tone", Size: "65 mm" },
          },
          {
            title: "Larimar and Amber Beaded Bracelet",
            priceCents: [4_000, 7_000],
            description:
              "Larimar beads paired with Dominican amber on a stretch cord: two gems from the same island. Fits most wrists.",
            specs: { Stones: "Larimar, amber", Bead: "8 mm", Origin: "Dominican Republic" },
          },
        ],
      },
      {
        slug: "watches",
        name: "Watches",
        description: "Divers, automatics and vintage pieces.",
        stock: "unique",
        conditions: "gently",
        delivery: "ship",
        shippingCents: [1_000, 2_000],
        templates: [
          {
            title: "Seiko 5 Sports Automatic Watch",
            priceCents: [18_000, 26_000],
            description:
              "Reliable automatic movement with 100 m water resistance for beach days. Box and papers included. Keeps excellent time.",
            specs: {
              Brand: "Seiko",
              Movement: "Automatic",
              "Water resistance": "100 m",
              Case: "42.5 mm",
            },
          },
          {
            title: "Casio G-Shock GA-2100, Black",
            priceCents: [7_500, 11_000],
            description:
              "Tough, light and shock resistant. Worn for a few months with no scratches on the crystal.",
            specs: { Brand: "Casio", Model: "GA-2100", "Water resistance": "200 m" },
          },
          {
            title: "Vintage Omega Seamaster, 1968",
            priceCents: [180_000, 300_000],
            description:
              "Hand-wound 1968 Seamaster with the original dial and a recent service. A piece of history that still runs beautifully. Comes on a new leather strap.",
            specs: { Brand: "Omega", Year: "1968", Movement: "Manual wind", Serviced: "2024" },
          },
        ],
      },
    ],
  },
  {
    slug: "toys",
    name: "Toys",
    description: "Toys and games for every age, from dominoes to building sets.",
    subcategories: [
      {
        slug: "action-figures",
        name: "Action Figures",
        description: "Collectible figures, sealed and loose.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [600, 1_200],
        templates: [
          {
            title: "Marvel Legends Black Panther Figure",
            priceCents: [2_500, 4_500],
            description:
              "Six-inch figure with extra hands and a spear. Still sealed in the box. Great for collectors.",
            specs: { Brand: "Hasbro", Line: "Marvel Legends", Size: "6 in", Packaging: "Sealed" },
          },
          {
            title: "Transformers Optimus Prime, Studio Series",
            priceCents: [4_000, 7_000],
            description:
              "Converts from truck to robot and back with no missing parts. Instructions included.",
            specs: { Brand: "Hasbro", Series: "Studio Series", Size: "8 in" },
          },
          {
            title: "Box of 1990s Action Figures, 25 Pieces",
            priceCents: [5_000, 10_000],
            description:
              "A mixed lot of classic figures from the 90s, turtles and space heroes included. Well played with: several have loose joints or missing pieces, so the lot is sold for parts or custom builds.",
            specs: { Pieces: "25", Era: "1990s", Accessories: "Some" },
          },
        ],
      },
      {
        slug: "dolls",
        name: "Dolls",
        description: "Cloth dolls, fashion dolls and dollhouses.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [600, 2_000],
        templates: [
          {
            title: "Handmade Cloth Doll in Madras Dress",
            priceCents: [2_000, 3_500],
            description:
              "Soft cloth doll dressed in a traditional madras skirt and head tie, sewn in Dominica. Safe for young children. A sweet cultural gift.",
            specs: { Height: "35 cm", Material: "Cotton", "Made in": "Dominica" },
          },
          {
            title: "Barbie Dreamhouse, 3 Storey",
            priceCents: [12_000, 18_000],
            description:
              "Three floors, a working elevator and a pool. All the furniture is included and the stickers are intact. The children have outgrown it.",
            specs: { Brand: "Mattel", Floors: "3", Furniture: "Included" },
          },
          {
            title: "Reborn Baby Doll, 50 cm",
            priceCents: [6_000, 10_000],
            description:
              "Lifelike reborn doll with a soft cloth body and weighted limbs. Comes with an outfit, a bottle and a birth certificate.",
            specs: { Height: "50 cm", Body: "Cloth", Accessories: "Outfit, bottle" },
          },
        ],
      },
      {
        slug: "board-games",
        name: "Board Games",
        description: "Dominoes, Ludo and family games for the verandah table.",
        stock: "many",
        conditions: "any",
        delivery: "ship",
        shippingCents: [600, 1_200],
        templates: [
          {
            title: "Tournament Dominoes Set in Wooden Box",
            priceCents: [2_500, 4_500],
            description:
              "Heavy double-six dominoes for serious slamming on the verandah table. Comes in a mahogany box. Ready for the next tournament.",
            specs: { Type: "Double six", Pieces: "28", Box: "Mahogany" },
          },
          {
            title: "Hand-Painted Wooden Ludo Board",
            priceCents: [3_000, 5_000],
            description:
              "Large wooden Ludo board painted by hand in island colours. Tokens and dice included. A family favourite.",
            specs: { Size: "50 x 50 cm", Material: "Wood", Players: "2-4" },
          },
          {
            title: "Caribbean Edition Property Trading Game",
            priceCents: [3_500, 6_000],
            description:
              "An island twist on the classic, with Caribbean landmarks instead of streets. All the money and pieces are there.",
            specs: { Players: "2-6", Age: "8+", Complete: "Yes" },
          },
        ],
      },
      {
        slug: "outdoor-play",
        name: "Outdoor Play",
        description: "Kites, bikes and water slides for the yard and the beach.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [800, 3_000],
        templates: [
          {
            title: "Hand-Built Bermuda Easter Kite",
            priceCents: [2_500, 5_000],
            description:
              "Traditional Bermuda kite built with wooden sticks and colourful tissue paper in a star pattern. Flies beautifully in the Easter breeze. Tail and line included.",
            specs: { Size: "90 cm", Frame: "Wood", Paper: "Tissue", Line: "Included" },
          },
          {
            title: "Kids' Bicycle, 20-inch",
            priceCents: [8_000, 12_000],
            description:
              "Sturdy kids' bike with the training wheels removed, for ages 6 to 9. New tyres and freshly adjusted brakes. Helmet included.",
            specs: { Wheel: "20 in", Age: "6-9", Helmet: "Included" },
          },
          {
            title: "Inflatable Water Slide with Pool",
            priceCents: [20_000, 32_000],
            description:
              "Backyard water slide with a climbing wall and splash pool, blower included. Perfect for birthday parties. No holes.",
            specs: { Size: "4 x 3 m", Blower: "Included", Age: "3-10" },
          },
        ],
      },
      {
        slug: "building-sets",
        name: "Building Sets",
        description: "Bricks, blocks and magnetic tiles for young builders.",
        stock: "many",
        conditions: "any",
        delivery: "ship",
        shippingCents: [600, 1_500],
        templates: [
          {
            title: "LEGO City Harbour Set",
            priceCents: [5_000, 9_000],
            description:
              "The complete harbour with boat, crane and minifigures. Every piece counted, instructions included. Built once and displayed.",
            specs: { Brand: "LEGO", Pieces: "548", Age: "6+", Complete: "Yes" },
          },
          {
            title: "Wooden Building Blocks, 100 Pieces",
            priceCents: [2_500, 4_500],
            description:
              "Smooth hardwood blocks in natural and bright colours, with non-toxic paint. Storage bag included.",
            specs: { Pieces: "100", Material: "Hardwood", Age: "2+" },
          },
          {
            title: "Magnetic Tiles, 60 Piece Set",
            priceCents: [4_000, 7_000],
            description:
              "Colourful magnetic tiles that click together into towers and castles. Strong magnets and no cracks. Great for creative play.",
            specs: { Pieces: "60", Age: "3+", Magnets: "Strong" },
          },
        ],
      },
    ],
  },
  {
    slug: "sports",
    name: "Sports",
    description: "Cricket, water sports, cycling, football and fitness gear.",
    subcategories: [
      {
        slug: "cricket",
        name: "Cricket",
        description: "Bats, balls, pads and kit bags for club and backyard cricket.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1_000, 2_500],
        templates: [
          {
            title: "English Willow Cricket Bat, Short Handle",
            priceCents: [12_000, 22_000],
            description:
              "Grade 2 English willow, knocked in and oiled, ready for the season. Big edges and a good ping off the middle. Weighs 2 lb 9 oz.",
            specs: { Willow: "English, grade 2", Size: "Short handle", Weight: "2 lb 9 oz" },
          },
          {
            title: "Youth Cricket Kit Bag with Pads and Gloves",
            priceCents: [9_000, 15_000],
            description:
              "Complete kit for a youth player: pads, gloves, thigh guard, helmet and a wheelie bag. Lightly used for one season.",
            specs: { Size: "Youth", Pieces: "5", Bag: "Wheelie" },
          },
          {
            title: "Leather Cricket Balls, Box of 6",
            priceCents: [6_000, 9_000],
            description:
              "Match-grade red leather balls, hand-stitched, with a good shine and a hard seam.",
            specs: { Pieces: "6", Weight: "156 g", Colour: "Red" },
          },
        ],
      },
      {
        slug: "water-sports",
        name: "Water Sports",
        description: "Surf, paddle, snorkel and kite in warm Caribbean water.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1_500, 5_000],
        templates: [
          {
            title: "7'2\" Funboard Surfboard",
            priceCents: [30_000, 45_000],
            description:
              "A forgiving funboard, perfect for learning at Bathsheba or Rincón. A few pressure dings and no leaks. Fins and leash included.",
            specs: { Length: "7 ft 2 in", Volume: "52 L", Fins: "3", Leash: "Included" },
          },
          {
            title: "Full-Face Snorkel Mask Set with Fins",
            priceCents: [3_500, 6_000],
            description:
              "Anti-fog full-face mask with a dry-top snorkel, plus fins and a mesh bag. Size L/XL.",
            specs: { Size: "L/XL", Fins: "Included", "Anti-fog": "Yes" },
          },
          {
            title: "Inflatable Stand-Up Paddle Board",
            priceCents: [28_000, 40_000],
            description:
              "A 10'6\" board with pump, paddle and backpack. Stable enough for beginners and yoga. No leaks.",
            specs: { Length: "10 ft 6 in", "Max load": "150 kg", Pump: "Included" },
          },
          {
            title: "Kitesurfing Kite, 12m, with Bar",
            priceCents: [60_000, 90_000],
            description:
              "A 12 m kite for the steady trade winds, with control bar and lines. The canopy is in good shape with one small patch.",
            specs: { Size: "12 m", Bar: "Included", Lines: "24 m" },
          },
        ],
      },
      {
        slug: "fitness",
        name: "Fitness",
        description: "Home gym equipment, mats and cardio machines.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [1_000, 4_000],
        templates: [
          {
            title: "Adjustable Dumbbells, 5-52 lb Pair",
            priceCents: [20_000, 30_000],
            description:
              "Fifteen pairs of dumbbells replaced by one dial. Perfect for a home gym in a small space.",
            specs: { Weight: "5-52 lb each", Pieces: "2", Brand: "Bowflex" },
          },
          {
            title: "Extra Thick Yoga Mat with Strap",
            priceCents: [2_000, 3_500],
            description:
              "A cushioned 6 mm mat with a carry strap. Stays non-slip on tile floors, even when it gets humid.",
            specs: { Thickness: "6 mm", Size: "183 x 61 cm", Strap: "Included" },
          },
          {
            title: "Folding Treadmill, 2.5HP",
            priceCents: [35_000, 55_000],
            description:
              "Folding treadmill with incline and 12 programs, for running at home when it is too hot outside. Pickup only.",
            specs: { Motor: "2.5 HP", "Max speed": "16 km/h", Incline: "3 levels" },
          },
        ],
      },
      {
        slug: "cycling",
        name: "Cycling",
        description: "Mountain bikes, road bikes and riding gear.",
        stock: "few",
        conditions: "any",
        delivery: "ship",
        shippingCents: [2_000, 6_000],
        templates: [
          {
            title: "Trek Marlin 5 Mountain Bike",
            priceCents: [45_000, 65_000],
            description:
              "Hardtail mountain bike that handles the hill trails and the road to work. Size M, serviced last month.",
            specs: { Brand: "Trek", "Frame size": "M", Gears: "2 x 8", Wheels: "29 in" },
          },
          {
            title: "Aluminium Road Bike, 54cm",
            priceCents: [40_000, 60_000],
            description:
              "A light road bike for early-morning rides before the traffic. Shimano Claris groupset and new tyres.",
            specs: { Frame: "Aluminium", Size: "54 cm", Groupset: "Shimano Claris" },
          },
          {
            title: "Bike Helmet with Rear Light",
            priceCents: [3_000, 5_000],
            description:
              "Ventilated helmet with a built-in USB rear light and an adjustable dial fit.",
            specs: { Size: "M/L", Light: "USB rear", Vents: "18" },
          },
        ],
      },
      {
        slug: "football",
        name: "Football",
        description: "Balls, boots and jerseys for the pitch and the savannah.",
        stock: "many",
        conditions: "any",
        delivery: "ship",
        shippingCents: [800, 1_500],
        templates: [
          {
            title: "Adidas Match Football, Size 5",
            priceCents: [3_000, 5_000],
            description:
              "Match-quality ball that holds its shape on hard, dry pitches. Used for two seasons of league games.",
            specs: { Brand: "Adidas", Size: "5", Quality: "FIFA Quality Pro" },
          },
          {
            title: "Reggae Boyz Home Jersey, Size L",
            priceCents: [4_500, 7_000],
            description:
              "Official Jamaica national team jersey in gold and green. Size L, worn twice.",
            specs: { Team: "Jamaica", Size: "L", Type: "Official" },
          },
          {
            title: "Firm Ground Football Boots, US 9",
            priceCents: [5_000, 8_000],
            description:
              "Lightweight firm-ground boots with a snug fit. A few scuffs from training.",
            specs: { Brand: "Puma", Size: "US 9", Ground: "Firm ground" },
          },
        ],
      },
    ],
  },
  {
    slug: "handicrafts",
    name: "Handicrafts",
    description: "Carvings, baskets, pottery, textiles and instruments made by island artisans.",
    subcategories: [
      {
        slug: "wood-carvings",
        name: "Wood Carvings",
        description: "Masks, bowls and figures carved from mahogany, cedar and driftwood.",
        stock: "few",
        conditions: "new",
        delivery: "ship",
        shippingCents: [1_200, 2_500],
        templates: [
          {
            title: "Hand-Carved Mahogany Mask",
            priceCents: [4_000, 9_000],
            description:
              "Carved from a single piece of mahogany by a craftsman in Port Antonio. Smooth finish with the natural grain showing. Ready to hang.",
            specs: { Material: "Mahogany", Height: "35 cm", "Made in": "Jamaica" },
          },
          {
            title: "Carved Cedar Reef Fish Bowl",
            priceCents: [3_000, 6_000],
            description:
              "A serving bowl in the shape of a reef fish, carved from local cedar. Food-safe oil finish.",
            specs: { Material: "Cedar", Length: "40 cm", Finish: "Food-safe oil" },
          },
          {
            title: "Carved Lion Head Walking Stick",
            priceCents: [3_500, 6_000],
            description:
              "Walking stick carved with a lion head handle and painted in red, gold and green. Strong and well balanced.",
            specs: { Material: "Guango wood", Length: "95 cm" },
          },
          {
            title: "Driftwood Dolphin Carving",
            priceCents: [4_500, 8_000],
            description:
              "A leaping dolphin carved from driftwood on a natural base. No two are the same.",
            specs: { Material: "Driftwood", Height: "30 cm", Base: "Natural wood" },
          },
        ],
      },
      {
        slug: "baskets-weaving",
        name: "Baskets & Weaving",
        description: "Straw work and reed baskets woven by hand.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [800, 1_500],
        templates: [
          {
            title: "Bahamian Straw Market Basket",
            priceCents: [3_000, 6_000],
            description:
              "Plaited by hand from silver top palm at the Nassau straw market. Strong enough for groceries and pretty enough for the beach.",
            specs: { Material: "Silver top palm", Size: "Large", "Made in": "The Bahamas" },
          },
          {
            title: "Kalinago Larouma Basket with Lid",
            priceCents: [4_000, 8_000],
            description:
              "Woven by Kalinago artisans in Dominica from larouma reed in the traditional three-colour pattern. Lidded, for storage or as a gift.",
            specs: { Material: "Larouma reed", Size: "25 cm", "Made in": "Dominica" },
          },
          {
            title: "Banana Fibre Placemats, Set of 6",
            priceCents: [2_000, 3_500],
            description:
              "Round placemats woven from dried banana leaf fibre. Island style for the dinner table.",
            specs: { Pieces: "6", Material: "Banana fibre", Diameter: "38 cm" },
          },
        ],
      },
      {
        slug: "pottery",
        name: "Pottery",
        description: "Yabbas, coal pots and glazed stoneware from island kilns.",
        stock: "few",
        conditions: "new",
        delivery: "ship",
        shippingCents: [1_200, 3_000],
        templates: [
          {
            title: "Terracotta Yabba Pot",
            priceCents: [2_500, 5_000],
            description:
              "A traditional Jamaican yabba, hand-thrown from red clay and fired in an open pit. Great for cooking or as a planter.",
            specs: { Material: "Red clay", Diameter: "30 cm", "Made in": "Jamaica" },
          },
          {
            title: "Ocean Blue Glazed Stoneware Vase",
            priceCents: [3_500, 7_000],
            description:
              "Wheel-thrown stoneware vase with a deep ocean-blue glaze that pools beautifully at the base. From a studio in Barbados.",
            specs: { Material: "Stoneware", Height: "28 cm", Glaze: "Ocean blue" },
          },
          {
            title: "Clay Coal Pot for Roasting",
            priceCents: [2_000, 3_500],
            description:
              "The classic clay coal pot for roasting breadfruit and corn in the yard. Holds its heat well.",
            specs: { Material: "Clay", Fuel: "Charcoal", Diameter: "30 cm" },
          },
        ],
      },
      {
        slug: "textiles",
        name: "Textiles",
        description: "Madras, quilts, sarongs and crochet, stitched by hand.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [600, 1_500],
        templates: [
          {
            title: "Madras Plaid Fabric, 5 Yards",
            priceCents: [2_500, 4_500],
            description:
              "Authentic madras plaid cotton for quadrille costumes and head ties. Bright and colourfast.",
            specs: { Length: "5 yd", Width: "44 in", Material: "Cotton" },
          },
          {
            title: "Hand-Stitched Patchwork Quilt, Queen",
            priceCents: [15_000, 28_000],
            description:
              "Patchwork quilt pieced from colourful island prints by a group of seamstresses in Montserrat. It took three months to make.",
            specs: { Size: "Queen", Material: "Cotton", "Made in": "Montserrat" },
          },
          {
            title: "Tie-Dye Beach Sarong, Sunset",
            priceCents: [1_500, 3_000],
            description:
              "Light rayon sarong in sunset colours that doubles as a beach wrap or towel. Tie-dyed by hand.",
            specs: { Size: "110 x 170 cm", Material: "Rayon", Technique: "Tie-dye" },
          },
          {
            title: "Crocheted Table Runner",
            priceCents: [2_500, 4_500],
            description:
              "A delicate white crochet runner, handmade by a grandmother in Guyana. Adds a lovely touch to any dining table.",
            specs: { Length: "150 cm", Material: "Cotton thread", "Made in": "Guyana" },
          },
        ],
      },
      {
        slug: "instruments",
        name: "Instruments",
        description: "Steelpans, hand drums and shak-shaks made the traditional way.",
        stock: "few",
        conditions: "new",
        delivery: "ship",
        shippingCents: [2_000, 6_000],
        templates: [
          {
            title: "Tenor Steelpan with Stand and Sticks",
            priceCents: [45_000, 80_000],
            description:
              "Hand-sunk and tuned tenor pan from a panyard in Laventille. Chrome finish, with a stand and two pairs of sticks.",
            specs: {
              Type: "Tenor (lead)",
              Finish: "Chrome",
              Stand: "Included",
              "Made in": "Trinidad and Tobago",
            },
          },
          {
            title: "Goatskin Hand Drum, Mahogany Shell",
            priceCents: [9_000, 16_000],
            description:
              "Goatskin drum with a mahogany shell, rope tuned. A deep bass and crisp slaps.",
            specs: { Shell: "Mahogany", Head: "Goatskin", Height: "60 cm" },
          },
          {
            title: "Hand-Painted Calabash Shak-Shaks, Pair",
            priceCents: [1_000, 2_000],
            description:
              "Calabash shak-shaks filled with seeds and painted with island flags. Good for parang season and the classroom.",
            specs: { Pieces: "2", Material: "Calabash", "Made in": "Trinidad and Tobago" },
          },
        ],
      },
    ],
  },
  {
    slug: "food-spices",
    name: "Food & Spices",
    description: "Seasonings, pepper sauces, coffee and sweets from Caribbean kitchens.",
    subcategories: [
      {
        slug: "spices-seasonings",
        name: "Spices & Seasonings",
        description: "Jerk rubs, green seasoning, nutmeg and pimento.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [500, 1_200],
        templates: [
          {
            title: "Jerk Seasoning Paste, 3 Jars",
            priceCents: [1_800, 3_000],
            description:
              "Authentic wet jerk rub with scotch bonnet, pimento and thyme. Rub it in overnight for proper jerk chicken. Three 10 oz jars.",
            specs: { Size: "3 x 10 oz", Heat: "Hot", "Made in": "Jamaica" },
          },
          {
            title: "Grenada Nutmeg and Mace Gift Box",
            priceCents: [1_500, 2_800],
            description:
              "Whole nutmegs still in their shells and bright red mace from the Spice Isle. Fresher than anything on the supermarket shelf.",
            specs: { Weight: "250 g", Contents: "Nutmeg, mace", Origin: "Grenada" },
          },
          {
            title: "Trinidad Green Seasoning, 500ml",
            priceCents: [1_000, 1_800],
            description:
              "Blended fresh with chadon beni, chives, thyme and pimento peppers. The base of every good Trini stew.",
            specs: { Volume: "500 ml", Keep: "Refrigerated", "Made in": "Trinidad and Tobago" },
          },
          {
            title: "Whole Pimento Allspice Berries, 1 lb",
            priceCents: [1_200, 2_000],
            description:
              "Sun-dried pimento berries from the hills of Saint Elizabeth. Grind them fresh for jerk, escovitch and baking.",
            specs: { Weight: "1 lb", Form: "Whole berries", Origin: "Jamaica" },
          },
        ],
      },
      {
        slug: "hot-sauces",
        name: "Hot Sauces",
        description: "Pepper sauces from mild and fruity to dangerously hot.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [600, 1_500],
        templates: [
          {
            title: "Scotch Bonnet Pepper Sauce, 3 Pack",
            priceCents: [1_500, 2_500],
            description:
              "Fiery yellow pepper sauce made with scotch bonnets, mustard and a little papaya. Small batch, no preservatives.",
            specs: { Size: "3 x 5 oz", Heat: "Very hot", "Made in": "Barbados" },
          },
          {
            title: "Bajan Mustard Pepper Sauce, 1 Gallon",
            priceCents: [4_000, 6_000],
            description:
              "A restaurant-size jug of classic Bajan yellow pepper sauce. Perfect with fish cakes and flying fish.",
            specs: { Volume: "1 gal", Heat: "Hot", "Made in": "Barbados" },
          },
          {
            title: "Moruga Scorpion Hot Sauce",
            priceCents: [1_200, 2_000],
            description:
              "Made with one of the hottest peppers on earth, grown in Moruga, Trinidad. Use it one drop at a time.",
            specs: { Volume: "5 oz", Heat: "Extreme", "Made in": "Trinidad and Tobago" },
          },
          {
            title: "Pepper Sauce Sampler, 6 Islands",
            priceCents: [3_500, 5_500],
            description:
              "Six small bottles from six islands, from mild and fruity to dangerously hot. A great gift for chilli lovers.",
            specs: { Pieces: "6 x 3 oz", Heat: "Mild to extreme" },
          },
        ],
      },
      {
        slug: "coffee-tea",
        name: "Coffee & Tea",
        description: "Blue Mountain coffee, Haitian roasts and bush teas.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [600, 1_200],
        templates: [
          {
            title: "Jamaica Blue Mountain Coffee, 1 lb Whole Bean",
            priceCents: [4_500, 7_000],
            description:
              "Certified Blue Mountain beans, medium roast, famously smooth with no bitterness. Roasted weekly and shipped fresh.",
            specs: { Weight: "1 lb", Roast: "Medium", Form: "Whole bean", Certified: "Yes" },
          },
          {
            title: "Haitian Mountain Coffee, Dark Roast, 2 lb",
            priceCents: [2_500, 4_000],
            description:
              "Grown by smallholder farmers in the mountains of Haiti. Bold and chocolatey.",
            specs: { Weight: "2 lb", Roast: "Dark", Form: "Ground" },
          },
          {
            title: "Bush Tea Sampler: Soursop, Lemongrass, Moringa",
            priceCents: [1_200, 2_200],
            description:
              "Dried leaves from our garden, the way grandma made her evening tea. Three pouches.",
            specs: { Pouches: "3", Weight: "3 x 50 g", Caffeine: "None" },
          },
        ],
      },
      {
        slug: "sweets-baked-goods",
        name: "Sweets & Baked Goods",
        description: "Rum cakes, black cake and old-time sweets.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [800, 1_500],
        templates: [
          {
            title: "Cayman Rum Cake, 32 oz",
            priceCents: [3_000, 4_500],
            description:
              "Moist golden butter cake soaked in aged Caribbean rum, vacuum sealed to stay fresh for months. The perfect gift.",
            specs: { Weight: "32 oz", "Shelf life": "6 months", "Made in": "Cayman Islands" },
          },
          {
            title: "Christmas Black Cake, 3 lb",
            priceCents: [4_500, 7_000],
            description:
              "Dense fruit cake made with fruit soaked in rum and cherry brandy since last Christmas. Baked to order for the season.",
            specs: {
              Weight: "3 lb",
              Soaked: "Rum, cherry brandy",
              "Made in": "Trinidad and Tobago",
            },
          },
          {
            title: "Tamarind Balls and Coconut Drops Box",
            priceCents: [1_200, 2_200],
            description:
              "Sweet and sour tamarind balls and chewy coconut drops, made the old-time way. Twenty pieces.",
            specs: { Pieces: "20", Contents: "Tamarind balls, coconut drops" },
          },
        ],
      },
      {
        slug: "preserves-jams",
        name: "Preserves & Jams",
        description: "Guava jelly, sorrel, chutneys and other jars from the orchard.",
        stock: "many",
        conditions: "new",
        delivery: "ship",
        shippingCents: [600, 1_200],
        templates: [
          {
            title: "Guava Jelly, 4 Jars",
            priceCents: [1_600, 2_800],
            description:
              "Clear, bright guava jelly made from our orchard fruit. Lovely on hot hard dough bread or with cheese.",
            specs: { Size: "4 x 8 oz", Fruit: "Guava" },
          },
          {
            title: "Sorrel Concentrate with Ginger, 750 ml",
            priceCents: [1_200, 2_000],
            description:
              "Deep red sorrel steeped with ginger and cloves, ready to mix. Tastes like Christmas morning.",
            specs: { Volume: "750 ml", Flavour: "Sorrel, ginger" },
          },
          {
            title: "Spicy Green Mango Chutney",
            priceCents: [1_000, 1_800],
            description:
              "Chunky green mango chutney with a kick of pepper. Perfect with curry and roti.",
            specs: { Size: "12 oz", Heat: "Medium", "Made in": "Guyana" },
          },
        ],
      },
    ],
  },
];

export const TERRITORIES: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: "jamaica", name: "Jamaica" },
  { slug: "trinidad-and-tobago", name: "Trinidad and Tobago" },
  { slug: "barbados", name: "Barbados" },
  { slug: "the-bahamas", name: "The Bahamas" },
  { slug: "puerto-rico", name: "Puerto Rico" },
  { slug: "dominican-republic", name: "Dominican Republic" },
  { slug: "haiti", name: "Haiti" },
  { slug: "cayman-islands", name: "Cayman Islands" },
  { slug: "antigua-and-barbuda", name: "Antigua and Barbuda" },
  { slug: "saint-lucia", name: "Saint Lucia" },
  { slug: "grenada", name: "Grenada" },
  { slug: "saint-vincent-and-the-grenadines", name: "Saint Vincent and the Grenadines" },
  { slug: "dominica", name: "Dominica" },
  { slug: "saint-kitts-and-nevis", name: "Saint Kitts and Nevis" },
  { slug: "aruba", name: "Aruba" },
  { slug: "curacao", name: "Curaçao" },
  { slug: "turks-and-caicos", name: "Turks and Caicos" },
  { slug: "us-virgin-islands", name: "US Virgin Islands" },
  { slug: "british-virgin-islands", name: "British Virgin Islands" },
  { slug: "guyana", name: "Guyana" },
  { slug: "belize", name: "Belize" },
  { slug: "martinique", name: "Martinique" },
  { slug: "guadeloupe", name: "Guadeloupe" },
  { slug: "bermuda", name: "Bermuda" },
  { slug: "anguilla", name: "Anguilla" },
  { slug: "montserrat", name: "Montserrat" },
];

/**
 * USD increment bands; start inclusive, end exclusive, the top band open (end null). They cover
 * every amount from 0, so core/bidding's one-cent fallback for a gap never applies to the demo.
 */
export const BID_INCREMENT_BANDS: readonly IncrementBand[] = [
  { startCents: 0, endCents: 100, incrementCents: 5 },
  { startCents: 100, endCents: 500, incrementCents: 25 },
  { startCents: 500, endCents: 2_500, incrementCents: 50 },
  { startCents: 2_500, endCents: 10_000, incrementCents: 100 },
  { startCents: 10_000, endCents: 25_000, incrementCents: 250 },
  { startCents: 25_000, endCents: 50_000, incrementCents: 500 },
  { startCents: 50_000, endCents: 100_000, incrementCents: 1_000 },
  { startCents: 100_000, endCents: 250_000, incrementCents: 2_500 },
  { startCents: 250_000, endCents: 500_000, incrementCents: 5_000 },
  { startCents: 500_000, endCents: null, incrementCents: 10_000 },
];

export interface DemoUserSeed {
  email: string;
  fullName: string;
  role: "user" | "seller";
  /** How long before the seed the account was opened, so profiles read "member since". */
  joinedDaysAgo: number;
  /** The buyer's Deliver to (a territory slug): checkout charges and requires one (issue 29). */
  deliverTo?: string;
}

// Sellers own every demo listing; the plain users only buy and bid, which keeps a clean buyer
// account available for demos and end-to-end tests.
export const DEMO_USERS: ReadonlyArray<DemoUserSeed> = [
  {
    email: "marcus@demo.tradewinds.test",
    fullName: "Marcus Thompson",
    role: "seller",
    joinedDaysAgo: 410,
  },
  {
    email: "aaliyah@demo.tradewinds.test",
    fullName: "Aaliyah Baptiste",
    role: "seller",
    joinedDaysAgo: 620,
  },
  {
    email: "desmond@demo.tradewinds.test",
    fullName: "Desmond Clarke",
    role: "seller",
    joinedDaysAgo: 350,
  },
  {
    email: "keisha@demo.tradewinds.test",
    fullName: "Keisha Rolle",
    role: "user",
    joinedDaysAgo: 45,
    deliverTo: "the-bahamas",
  },
  {
    email: "rafael@demo.tradewinds.test",
    fullName: "Rafael Quiñones",
    role: "seller",
    joinedDaysAgo: 230,
  },
  {
    email: "marisol@demo.tradewinds.test",
    fullName: "Marisol Peña",
    role: "seller",
    joinedDaysAgo: 780,
  },
  {
    email: "jeanluc@demo.tradewinds.test",
    fullName: "Jean-Luc Toussaint",
    role: "user",
    joinedDaysAgo: 160,
    deliverTo: "haiti",
  },
  {
    email: "shanice@demo.tradewinds.test",
    fullName: "Shanice Ebanks",
    role: "seller",
    joinedDaysAgo: 300,
  },
  {
    email: "devon@demo.tradewinds.test",
    fullName: "Devon Joseph",
    role: "user",
    joinedDaysAgo: 20,
    deliverTo: "jamaica",
  },
  {
    email: "natalia@demo.tradewinds.test",
    fullName: "Natalia Croes",
    role: "seller",
    joinedDaysAgo: 540,
  },
  {
    email: "kwame@demo.tradewinds.test",
    fullName: "Kwame Charles",
    role: "user",
    joinedDaysAgo: 190,
    deliverTo: "trinidad-and-tobago",
  },
  {
    email: "tamika@demo.tradewinds.test",
    fullName: "Tamika Browne",
    role: "user",
    joinedDaysAgo: 8,
    deliverTo: "barbados",
  },
];
